//! A lower bound for small runtime-shaped operations, for issue 16's
//! targets: `[m, n] + [1, n]` on a struct with `DynTensor`'s layout (inline
//! elements and sizes, each an enum with a heap variant, optional names),
//! doing only what that one form needs: the names, the two or three shapes,
//! one block of four rows of 3 out of line (as the crate's dispatch on the
//! row length would call it), the result built in place. No other form, no
//! error wording, no plan. `lower_bound alloc|into [iterations]`; compare
//! with `prof dynAk` and `prof intoDynA`.
//!
//! Callgrind, instructions per operation (difference of 20000 and 40000
//! iterations): alloc 145, into 116, against 237 and 211 for the crate.

use std::hint::black_box;
use std::time::Instant;

/// The inline elements, array first.
#[derive(Clone, Copy)]
#[repr(C)]
struct Inline {
    buf: [f32; 16],
    len: u8,
}

enum Elements {
    Inline(Inline),
    // Never built here: the layout and the branches are what count.
    #[allow(dead_code)]
    Heap(Vec<f32>),
}

/// The inline sizes, array first.
#[derive(Clone, Copy)]
#[repr(C)]
struct Sizes {
    dims: [usize; 8],
    len: u8,
}

enum Shape {
    Inline(Sizes),
    #[allow(dead_code)]
    Heap(Vec<usize>),
}

struct Tensor {
    data: Elements,
    shape: Shape,
    names: Option<Box<[Option<Box<str>>]>>,
}

impl Elements {
    #[inline(always)]
    fn get(&self) -> &[f32] {
        match self {
            Elements::Inline(i) => &i.buf[..usize::from(i.len).min(16)],
            Elements::Heap(v) => v,
        }
    }
    #[inline(always)]
    fn get_mut(&mut self) -> &mut [f32] {
        match self {
            Elements::Inline(i) => &mut i.buf[..usize::from(i.len).min(16)],
            Elements::Heap(v) => v,
        }
    }
}

impl Shape {
    #[inline(always)]
    fn get(&self) -> &[usize] {
        match self {
            Shape::Inline(s) => &s.dims[..usize::from(s.len).min(8)],
            Shape::Heap(v) => v,
        }
    }
}

/// Everything else: not measured.
#[inline(never)]
fn other() -> ! {
    panic!("not this form")
}

/// One block of four rows of 3 plus a row of 3.
#[inline(never)]
fn block(o: &mut [f32], x: &[f32], y: &[f32]) {
    let o: &mut [f32; 12] = o.try_into().unwrap();
    let x: &[f32; 12] = x.try_into().unwrap();
    let y: &[f32; 3] = y.try_into().unwrap();
    for k in 0..4 {
        for l in 0..3 {
            o[k * 3 + l] = x[k * 3 + l] + y[l];
        }
    }
}

#[inline(never)]
fn add(a: &Tensor, b: &Tensor) -> Tensor {
    if a.names.is_none()
        && b.names.is_none()
        && let ([m, n], [1, n2]) = (a.shape.get(), b.shape.get())
        && n == n2
        && *m == 4
        && *n == 3
    {
        let mut buf = [0f32; 16];
        block(&mut buf[..12], a.data.get(), b.data.get());
        let mut dims = [0; 8];
        (dims[0], dims[1]) = (*m, *n);
        return Tensor {
            data: Elements::Inline(Inline { buf, len: 12 }),
            shape: Shape::Inline(Sizes { dims, len: 2 }),
            names: None,
        };
    }
    other()
}

#[inline(never)]
fn add_into(a: &Tensor, b: &Tensor, out: &mut Tensor) {
    if a.names.is_none()
        && b.names.is_none()
        && let ([m, n], [1, n2], [m3, n3]) = (a.shape.get(), b.shape.get(), out.shape.get())
        && n == n2
        && m == m3
        && n == n3
        && *m == 4
        && *n == 3
    {
        return block(out.data.get_mut(), a.data.get(), b.data.get());
    }
    other()
}

fn tensor(dims: [usize; 2]) -> Tensor {
    let mut buf = [0f32; 16];
    for (i, x) in buf.iter_mut().enumerate() {
        *x = i as f32 * 0.5;
    }
    let mut d = [0; 8];
    (d[0], d[1]) = (dims[0], dims[1]);
    Tensor {
        data: Elements::Inline(Inline {
            buf,
            len: (dims[0] * dims[1]) as u8,
        }),
        shape: Shape::Inline(Sizes { dims: d, len: 2 }),
        names: None,
    }
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let iters: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(10_000_000);
    let (a, b, mut out) = (tensor([4, 3]), tensor([1, 3]), tensor([4, 3]));
    let t = Instant::now();
    match mode.as_str() {
        "alloc" => {
            for _ in 0..iters {
                let r = add(black_box(&a), black_box(&b));
                black_box(&r);
            }
        }
        "into" => {
            for _ in 0..iters {
                add_into(black_box(&a), black_box(&b), black_box(&mut out));
            }
        }
        _ => panic!("alloc or into?"),
    }
    println!(
        "{mode}: {:.2} ns/iter",
        t.elapsed().as_nanos() as f64 / iters as f64
    );
}
