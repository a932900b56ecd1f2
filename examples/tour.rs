//! A walk through the broadcasting tutorials this crate was built from
//! (see the guide's rules chapter, section 7), on static shapes checked by the compiler and on
//! runtime shapes checked at run time. Run it with `cargo run --example tour`.

#![allow(clippy::excessive_precision)] // seed 001's values, digit for digit

use shaped::{
    Axis, Broadcast, Dyn, DynTensor, Tensor, TensorView, broadcast_shapes, dim_names, s, shape,
    slice,
};

// Dimension names for seed 004's static tensors: marker types the compiler
// compares, so that broadcasting by name is checked at compile time.
dim_names!(CHANNEL, H, W);

fn section(title: &str) {
    println!("\n== {title} ==\n");
}

fn main() {
    section("Seed 000: [4, 3] + [1, 3] stretches b's only row over a's four rows");
    let a = Tensor::<i32, shape![4, 3]>::arange();
    let b = Tensor::<i32, shape![1, 3]>::from_slice(&[100, 200, 300]).unwrap();
    let c: Tensor<i32, shape![4, 3]> = a + b; // the result type is computed by the compiler
    println!("a =\n{a}\nb =\n{b}\na + b =\n{c}");

    section("Seed 000: shapes line up from the right; missing dimensions count as 1");
    let x = Tensor::<f32, shape![5, 1, 4, 1]>::zeros();
    let y = Tensor::<f32, shape![3, 1, 2]>::ones();
    let s = x + y;
    println!("[5, 1, 4, 1] + [3, 1, 2] -> {:?}", s.shape());
    let x = Tensor::<f32, shape![5, 3, 4, 1]>::zeros();
    let y = Tensor::<f32, shape![3, 1, 1]>::ones();
    println!("[5, 3, 4, 1] + [3, 1, 1] -> {:?}", (x + y).shape());

    section("Seed 001: adding b = [1, 2] by columns, by rows, and by default");
    let a = Tensor::<i64, shape![2, 2]>::arange();
    let b_col = Tensor::<i64, shape![2, 1]>::from_slice(&[1, 2]).unwrap(); // b[:, None]
    let b_row = Tensor::<i64, shape![1, 2]>::from_slice(&[1, 2]).unwrap(); // b[None]
    let b = Tensor::<i64, shape![2]>::from_slice(&[1, 2]).unwrap();
    println!("a =\n{a}");
    println!("a + b[:, None] =\n{}", a + b_col);
    println!("a + b[None] =\n{}", a + b_row);
    println!("a + b =\n{}", a + b);

    section("Seed 001: (1, 3, 2) + (2, 3, 1), both sides stretch");
    let a = Tensor::<i64, shape![1, 3, 2]>::arange();
    let b = Tensor::<i64, shape![2, 3, 1]>::arange();
    println!("{}", a + b);

    section("Seed 003: arange(48).reshape(2, 4, 3, 2) + arange(8).reshape(4, 1, 2)");
    let x = Tensor::<i64, shape![2, 4, 3, 2]>::arange();
    let y = Tensor::<i64, shape![4, 1, 2]>::arange();
    println!("{}", x + y);

    section("Seed 002: in place, the left side keeps its shape");
    let mut x = Tensor::<f32, shape![5, 3, 4, 1]>::zeros();
    x += Tensor::<f32, shape![3, 1, 1]>::ones();
    println!("[5, 3, 4, 1] += [3, 1, 1] -> {:?}", x.shape());
    println!("[1, 3, 1] += [3, 1, 7] does not compile: the result [3, 3, 7] would not fit.");

    section("Shapes that cannot broadcast do not compile");
    println!("    let a = Tensor::<f32, shape![5, 2, 4, 1]>::zeros();");
    println!("    let b = Tensor::<f32, shape![3, 1, 1]>::zeros();");
    println!("    let c = a + b;\n");
    println!(
        "{}",
        include_str!("../ui-tests/seed_5_2_4_1_plus_3_1_1.stderr")
            .lines()
            .take(6)
            .collect::<Vec<_>>()
            .join("\n")
    );

    section("Rank 0 and size 0 are ordinary shapes");
    let s = Tensor::<i32, shape![]>::full(10);
    let m = Tensor::<i32, shape![2, 3]>::arange();
    println!("{s} + [2, 3] =\n{}", s + m);
    let e = Tensor::<f32, shape![1, 0]>::zeros() + Tensor::<f32, shape![3, 1]>::ones();
    println!("[1, 0] + [3, 1] -> {:?}: {e}", e.shape());

    section("Seed 001: standardising four 3x3 objects with keepdim statistics");
    let value = Tensor::<f32, shape![4, 3, 3]>::from_slice(&[
        12.8460, 11.6038, 8.2267, 13.3707, 13.0595, 9.3532, 10.6257, 10.8800, 5.5372, //
        102.3054, 98.2987, 89.9491, 103.9013, 98.5896, 98.1971, 106.4493, 98.1544, 96.3743, //
        501.0322, 499.2918, 504.5105, 496.8454, 498.7290, 499.3281, 499.4231, 504.0831,
        499.4671, //
        997.9377, 1001.2782, 1005.9980, 999.5461, 1001.3517, 997.5663, 1003.1572, 999.6476,
        1001.6178,
    ])
    .unwrap();
    let mean: Tensor<f32, shape![4, 1, 1]> = value.mean_keepdim((Axis::<1>, Axis::<2>));
    let std: Tensor<f32, shape![4, 1, 1]> = value.std_keepdim((Axis::<1>, Axis::<2>));
    println!("mean = value.mean(axis=[1,2], keepdim=True)\n{mean}");
    println!("std = value.std(axis=[1,2], keepdim=True)\n{std}");
    println!("(value - mean)/std\n{}", (value - mean) / std);

    section("Runtime shapes: the same rules, PyTorch's errors");
    let x = DynTensor::<i64>::arange(24).reshape(&[2, 4, 3]).unwrap();
    let y = DynTensor::<i64>::arange(4).reshape(&[4, 1]).unwrap();
    println!(
        "arange(24).reshape(2, 4, 3) + arange(4).reshape(4, 1) =\n{}",
        x.try_add(&y).unwrap()
    );
    let a = DynTensor::<f32>::zeros(&[5, 2, 4, 1]);
    let b = DynTensor::<f32>::zeros(&[3, 1, 1]);
    println!(
        "\n[5, 2, 4, 1] + [3, 1, 1]:\n{}",
        a.try_add(&b).unwrap_err()
    );
    let mut x = DynTensor::<f32>::zeros(&[1, 3, 1]);
    println!(
        "\n[1, 3, 1] += [3, 1, 7]:\n{}",
        x.try_add_assign(&DynTensor::zeros(&[3, 1, 7])).unwrap_err()
    );
    println!(
        "\narange(6).reshape(2, 2, 1):\n{}",
        DynTensor::<i64>::arange(6).reshape(&[2, 2, 1]).unwrap_err()
    );
    println!(
        "\nbroadcast_shapes([8, 1, 6, 1], [7, 1, 5], [1]) = {:?}",
        broadcast_shapes(&[&[8, 1, 6, 1], &[7, 1, 5], &[1]]).unwrap()
    );

    section("Static and runtime tensors meet at run time");
    let w = Tensor::<f32, shape![3]>::from_slice(&[0.5, -1.0, 2.0]).unwrap();
    let batch = DynTensor::<f32>::ones(&[2, 3]);
    println!("{}", &batch * w);

    section("Views: slices, columns and transposes without copying");
    let m = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    println!("m =\n{m}");
    let rows = m.slice(s![1..3, ..]); // m[1:3, :]
    println!("m[1:3, :] (shape {:?}) =\n{rows}", rows.shape());
    println!("m[:, ::2] =\n{}", m.slice(s![.., ..;2]));
    let col = m.index_axis(1, -1); // m[:, -1], the axis dropped
    println!("m[:, -1] = {col}, its sum {}", col.sum());
    // A transposed view is an operand like any tensor: no copy is made.
    println!("m.t() + m.t() =\n{}", &m.t() + &m.t());
    let sums: Vec<i64> = m.rows().map(|r| r.sum()).collect();
    println!("row sums: {sums:?}");
    let mut z = DynTensor::<i32>::zeros(&[3, 4]);
    let mut corner = z.slice_mut(s![..2, 2..]);
    corner += &DynTensor::scalar(7); // writes through the view
    println!("z[:2, 2:] += 7 ->\n{z}");
    println!("{}", m.try_narrow(0, 2, 2).unwrap_err());
    // On a static tensor the slice's layout is in the type: literal ranges
    // give static sizes, a literal index drops its axis, a runtime range is
    // `Dyn`. `slice!(st.view(), 3..5)` would not compile.
    let st = Tensor::<i32, shape![3, 4]>::arange();
    let block: TensorView<'_, i32, shape![2, 2]> = slice!(st.view(), 1..3, ..2);
    let last = 3;
    let tail: TensorView<'_, i32, shape![Dyn]> = slice!(st.view(), 0, 1..last + 1);
    println!("st[1:3, :2] =\n{}", block.to_owned());
    println!("st[0, 1:4] = {:?}", tail.to_vec());

    section("Seed 004: named dimensions broadcast by name (compile time)");
    // The seed's real shapes, as types: img [10, 3, 256, 384] (?, CHANNEL, H, W)
    // + lbl [10, 256, 384] (?, H, W) has img's type. Positionally it would be
    // 3 vs 10, a compile error; by name, lbl's H and W meet img's.
    type Img = shape![10, CHANNEL: 3, H: 256, W: 384];
    type Lbl = shape![10, H: 256, W: 384];
    let _same_type: core::marker::PhantomData<Img> =
        core::marker::PhantomData::<Broadcast<Img, Lbl>>;
    // The values, scaled down to fit on screen.
    type SmallImg = shape![2, CHANNEL: 3, H: 2, W: 3];
    let img = Tensor::<i64, SmallImg>::zeros();
    let lbl = Tensor::<i64, shape![2, H: 2, W: 3]>::arange();
    let sum: Tensor<i64, SmallImg> = img + lbl;
    println!(
        "img + lbl: shape {:?}, names {:?}",
        sum.shape(),
        sum.names()
    );
    println!("every channel of image n sees lbl[n]:\n{sum}");
    // `lbl_pred + lbl_prob` does not compile: CLASS has no match in lbl_pred
    // (ui-tests/named_seed004_pred_plus_prob.rs holds the error).

    section("Seed 004: named dimensions broadcast by name (run time)");
    // img (?, CHANNEL, H, W) + lbl (?, H, W): positionally 3 vs 10 fails;
    // by name, lbl's H and W meet img's wherever they stand. Scaled down
    // from [10, 3, 256, 384] so that the values fit on screen.
    let img = DynTensor::<i64>::zeros(&[2, 3, 2, 3])
        .with_names([None, Some("CHANNEL"), Some("H"), Some("W")])
        .unwrap();
    let lbl = DynTensor::<i64>::arange(12)
        .reshape(&[2, 2, 3])
        .unwrap()
        .with_names([None, Some("H"), Some("W")])
        .unwrap();
    let sum = img.try_add(&lbl).unwrap();
    println!(
        "img + lbl: shape {:?}, names {:?}",
        sum.shape(),
        sum.names()
    );
    println!("summed over CHANNEL, keepdim keeps the names:");
    println!("{}", sum.sum_dims(&[1], true).unwrap());
    let pred = DynTensor::<i64>::zeros(&[2, 1, 2, 2, 2, 3])
        .with_names([
            None,
            Some("SCALE1"),
            Some("SCALE2"),
            Some("SCALE3"),
            Some("H"),
            Some("W"),
        ])
        .unwrap();
    let prob = DynTensor::<i64>::zeros(&[2, 3, 2, 3])
        .with_names([None, Some("CLASS"), Some("H"), Some("W")])
        .unwrap();
    println!(
        "\nlbl_pred + lbl_prob:\n{}",
        pred.try_add(&prob).unwrap_err()
    );

    section("Matrix multiplication: torch.matmul's rules, shapes checked at compile time");
    let x = Tensor::<f32, shape![Dyn, 2, 3]>::from_vec(
        vec![1., 2., 3., 4., 5., 6., 0., 1., 0., 1., 0., 1.],
        &[2],
    )
    .unwrap();
    let w = Tensor::<f32, shape![3, 2]>::from_slice(&[1., 0., 0., 1., 1., 1.]).unwrap();
    let y: Tensor<f32, shape![Dyn, 2, 2]> = x.matmul(&w); // a runtime batch of 2x3 @ 3x2
    println!("[Dyn, 2, 3] @ [3, 2] = [Dyn, 2, 2]:\n{y}");
    println!(
        "\n    let c = Tensor::<f32, shape![4, 3]>::zeros().matmul(&Tensor::<f32, shape![4, 5]>::zeros());\n"
    );
    println!(
        "{}",
        include_str!("../ui-tests/matmul_inner_mismatch.stderr")
            .lines()
            .take(6)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let e = DynTensor::<f32>::zeros(&[4, 3])
        .try_matmul(&DynTensor::zeros(&[4, 5]))
        .unwrap_err();
    println!("\nat run time: {e}");
}
