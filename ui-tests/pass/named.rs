// SEMANTICS.md §5, seed 004: static named dimensions broadcast by name.
// `img` (?, CHANNEL, H, W) + `lbl` (?, H, W) does not broadcast by position
// (3 vs 10) but does by name, with img's shape.
use std::marker::PhantomData;

use shaped::{Broadcast, Layout, Shape, Tensor, dim_names, shape};

dim_names!(CHANNEL, H, W);

type Img = shape![10, CHANNEL: 3, H: 256, W: 384];
type Lbl = shape![10, H: 256, W: 384];

fn main() {
    // The seed's real sizes, at the type level only (no tensor allocated).
    let _: PhantomData<Img> = PhantomData::<Broadcast<Img, Lbl>>;
    let _: PhantomData<Img> = PhantomData::<Broadcast<Lbl, Img>>;
    let _: fn(&Tensor<u8, Img>, &Tensor<u8, Lbl>) -> Tensor<u8, Img> = |img, lbl| img + lbl;
    let _: fn(&Tensor<u8, Lbl>, &Tensor<u8, Img>) -> Tensor<u8, Img> = |lbl, img| lbl - img;
    let _: fn(&mut Tensor<u8, Img>, &Tensor<u8, Lbl>) = |img, lbl| *img += lbl;
    assert_eq!(&*<Broadcast<Img, Lbl> as Shape>::DIMS, &[10, 3, 256, 384]);
    assert_eq!(
        &*<Broadcast<Lbl, Img> as Layout>::NAMES,
        &[None, Some("CHANNEL"), Some("H"), Some("W")]
    );

    // Values on small sizes: img [2, 3, 2, 2] = 0, lbl [2, 2, 2] = 0..8.
    // Every channel of image n sees lbl[n]: sum[n, c, h, w] = lbl[n, h, w].
    let img = Tensor::<i32, shape![2, CHANNEL: 3, H: 2, W: 2]>::zeros();
    let lbl = Tensor::<i32, shape![2, H: 2, W: 2]>::arange();
    let sum: Tensor<i32, shape![2, CHANNEL: 3, H: 2, W: 2]> = &img + &lbl;
    assert_eq!(sum.shape(), [2, 3, 2, 2]);
    assert_eq!(sum.names(), [None, Some("CHANNEL"), Some("H"), Some("W")]);
    assert_eq!(
        sum.to_vec(),
        [
            0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, //
            4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7,
        ]
    );
    // The operation keeps its order when the left operand is the smaller.
    let diff: Tensor<i32, shape![2, CHANNEL: 3, H: 2, W: 2]> = &lbl - &sum.map(|x| 2 * x);
    assert_eq!(diff.to_vec(), sum.map(|x| -x).to_vec());

    // Names out of order: lbl laid out (W, ?, H) still meets H and W by name.
    let lbl_wh =
        Tensor::<i32, shape![W: 2, 2, H: 2]>::from_slice(&[0, 2, 4, 6, 1, 3, 5, 7]).unwrap();
    let sum2 = &img + &lbl_wh;
    assert_eq!(sum2, sum);

    // In place, by name.
    let mut acc = Tensor::<i32, shape![2, CHANNEL: 3, H: 2, W: 2]>::ones();
    acc += &lbl_wh;
    assert_eq!(acc, sum.map(|x| x + 1));

    // The runtime tensor carries the names and gives the same result.
    let dyn_sum = img.into_dyn().try_add(&lbl.into_dyn()).unwrap();
    assert_eq!(
        dyn_sum.names(),
        [None, Some("CHANNEL"), Some("H"), Some("W")]
    );
    assert_eq!(dyn_sum, sum.into_dyn());
    let back = Tensor::<i32, shape![2, CHANNEL: 3, H: 2, W: 2]>::try_from(dyn_sum).unwrap();
    assert_eq!(back, sum);
}
