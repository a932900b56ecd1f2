//! Binary operations on runtime tensors of random shapes, names, element
//! types and values, through every `try_` entry point. Checks: no `try_`
//! function panics; results equal a naive reference on these small shapes;
//! a failed in-place operation leaves its destination as it was.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shaped::{DynTensor, Element, broadcast_shapes, try_add_into, try_zip};

#[derive(Arbitrary, Debug)]
struct Input {
    a: Side,
    b: Side,
    op: u8,
    kind: u8,
}

#[derive(Arbitrary, Debug)]
struct Side {
    dims: Vec<u8>,
    values: Vec<i16>,
    names: Vec<Option<u8>>,
    named: bool,
}

const NAMES: [&str; 4] = ["N", "C", "H", "W"];

fn tensor<T: Element>(s: &Side, conv: impl Fn(i16) -> T) -> Option<DynTensor<T>> {
    let dims: Vec<usize> = s.dims.iter().take(4).map(|&d| (d % 4) as usize).collect();
    let n: usize = dims.iter().product();
    let data: Vec<T> = (0..n)
        .map(|i| conv(*s.values.get(i).unwrap_or(&1)))
        .collect();
    let t = DynTensor::from_vec(data, &dims).ok()?;
    if s.named {
        let names: Vec<Option<&str>> = (0..dims.len())
            .map(|i| {
                s.names
                    .get(i)
                    .copied()
                    .flatten()
                    .map(|k| NAMES[(k % 4) as usize])
            })
            .collect();
        // Duplicate names are an error, never a panic.
        return Some(t.clone().with_names(names).unwrap_or(t));
    }
    Some(t)
}

/// The positional reference for unnamed operands: shape and elements.
fn reference<T: Element>(
    a: &DynTensor<T>,
    b: &DynTensor<T>,
    f: impl Fn(T, T) -> T,
) -> Option<Vec<T>> {
    let out = broadcast_shapes(&[a.shape(), b.shape()]).ok()?;
    let n: usize = out.iter().product();
    let idx_of = |flat: usize, dims: &[usize]| {
        let mut rest = flat;
        let mut idx = vec![0; out.len()];
        for k in (0..out.len()).rev() {
            idx[k] = rest % out[k];
            rest /= out[k];
        }
        let off = out.len() - dims.len();
        let mut f = 0;
        for (k, &d) in dims.iter().enumerate() {
            f = f * d + if d == 1 { 0 } else { idx[off + k] };
        }
        f
    };
    Some(
        (0..n)
            .map(|i| {
                f(
                    a.as_slice()[idx_of(i, a.shape())],
                    b.as_slice()[idx_of(i, b.shape())],
                )
            })
            .collect(),
    )
}

fn run<T: Element>(a: DynTensor<T>, b: DynTensor<T>, op: u8) {
    let (r, f): (Result<DynTensor<T>, _>, fn(T, T) -> T) = match op % 6 {
        0 => (a.try_add(&b), Element::add_elem),
        1 => (a.try_sub(&b), Element::sub_elem),
        2 => (a.try_mul(&b), Element::mul_elem),
        3 => (a.try_div(&b), Element::div_elem),
        4 => (a.try_rem(&b), Element::rem_elem),
        _ => (a.remainder(&b), Element::floor_rem_elem),
    };
    let unnamed = !a.is_named() && !b.is_named();
    if let Ok(c) = &r
        && unnamed
    {
        let want = reference(&a, &b, f).expect("the crate broadcast what the reference refuses");
        let same = c
            .as_slice()
            .iter()
            .zip(&want)
            .all(|(x, y)| x == y || (x != x && y != y));
        assert!(
            same && c.numel() == want.len(),
            "values differ from the reference"
        );
    }
    if r.is_err() && unnamed && broadcast_shapes(&[a.shape(), b.shape()]).is_ok() {
        // Only an integer division by zero may fail on shapes that broadcast.
        assert!(T::INTEGER && op % 6 >= 3, "{:?}", r.err());
    }
    // In place: on error, shape, names and data unchanged.
    let mut d = a.clone();
    let res = match op % 3 {
        0 => d.try_add_assign(&b),
        1 => d.try_div_assign(&b),
        _ => d.try_rem_assign(&b),
    };
    if res.is_err() {
        assert!(
            d == a && d.names() == a.names(),
            "a failed in-place operation changed its destination"
        );
    }
    // Into an output of the wrong shape: an error, the output untouched.
    let mut out = DynTensor::<T>::zeros(&[3]);
    if try_add_into(&a, &b, &mut out).is_err() {
        assert_eq!(out.as_slice(), &[T::zero(); 3]);
    }
    let _ = try_zip([&a, &b, &a], |[x, y, z]| x.add_elem(y).mul_elem(z));
    let m = a.try_matmul(&b);
    if let (Ok(c), [rows, k], [k2, cols]) = (&m, a.shape(), b.shape()) {
        // Matrix times matrix: a triple loop (integers wrap, as in the crate).
        assert_eq!((k, c.shape()), (k2, &[*rows, *cols][..]));
        for i in 0..*rows {
            for j in 0..*cols {
                let mut acc = T::zero();
                for p in 0..*k {
                    acc =
                        acc.add_elem(a.as_slice()[i * k + p].mul_elem(b.as_slice()[p * cols + j]));
                }
                let got = c.as_slice()[i * cols + j];
                assert!(
                    !T::INTEGER || got == acc,
                    "matmul differs from the triple loop"
                );
            }
        }
    }
    let _ = a.try_gt(&b);
}

fuzz_target!(|input: Input| {
    match input.kind % 4 {
        0 => {
            if let (Some(a), Some(b)) = (
                tensor(&input.a, |v| v as i32),
                tensor(&input.b, |v| v as i32),
            ) {
                run(a, b, input.op)
            }
        }
        1 => {
            if let (Some(a), Some(b)) =
                (tensor(&input.a, |v| v as u8), tensor(&input.b, |v| v as u8))
            {
                run(a, b, input.op)
            }
        }
        2 => {
            if let (Some(a), Some(b)) = (
                tensor(&input.a, |v| v as f32 / 4.0),
                tensor(&input.b, |v| v as f32 / 4.0),
            ) {
                run(a, b, input.op)
            }
        }
        _ => {
            if let (Some(a), Some(b)) = (tensor(&input.a, f64::from), tensor(&input.b, f64::from)) {
                run(a, b, input.op)
            }
        }
    }
});
