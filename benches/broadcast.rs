//! `a + b` on f32, side by side in one run, in three modes:
//!
//! - `c = a + b`, allocating the output (group `"<case>"`);
//! - into a preallocated output, `add_into(&a, &b, &mut out)` and its
//!   equivalents (group `"<case> into"`);
//! - in place, `x += b` where `x` has the broadcast shape (`x` is `a` itself
//!   except for B and E, whose `a` is smaller than the result) (group
//!   `"<case> +="`).
//!
//! Implementations: the static `Tensor` (`static`), `DynTensor` (`dyn`),
//! ndarray's fixed-rank `Array` (`ndarray`) and `ArrayD` (`ndarray_dyn`),
//! nalgebra for A and F (`nalgebra`: a stack `SMatrix` for A, broadcast row
//! by row with `row_iter_mut`, as nalgebra has no broadcasting; a heap
//! `DMatrix` for F), and a hand-written loop (`hand`: fixed-size arrays for A
//! and B, a strided loop over `Vec` otherwise).
//!
//! Run with `cargo bench --bench broadcast`; print the table with
//! `cargo run --release --example bench_report`.

// The hand loops index fixed-size arrays the way hand-written code does.
#![allow(clippy::needless_range_loop)]

use criterion::{
    BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main, measurement::WallTime,
};
use ndarray::{Array, ArrayD, IxDyn, Zip};
use shaped::{DynTensor, Tensor, add_into, shape, try_add_into};
use std::time::Duration;

/// Deterministic, non-trivial data.
fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 251) as f32 * 0.5).collect()
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1200))
        .sample_size(30);
    g
}

/// How the output is produced.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// `c = a + b`, allocating `c`.
    Alloc,
    /// `c = a + b` into a preallocated `c`.
    Into,
    /// `x += b`, `x` of the broadcast shape.
    Assign,
}

impl Mode {
    const ALL: [Mode; 3] = [Mode::Alloc, Mode::Into, Mode::Assign];
    /// The criterion group of a case in this mode.
    fn group(self, case: &str) -> String {
        match self {
            Mode::Alloc => case.to_string(),
            Mode::Into => format!("{case} into"),
            Mode::Assign => format!("{case} +="),
        }
    }
}

type Group<'a> = BenchmarkGroup<'a, WallTime>;

/// Keeps an allocating benchmark's result alive until here, then drops it.
/// Returning the result to criterion instead would time criterion's stable
/// `black_box`, a volatile copy of the whole value: a few cycles for a
/// pointer-sized `Vec`, hundreds of instructions for a 150-byte `DynTensor`
/// with inline elements, which would measure the harness, not the library.
#[inline(always)]
fn keep<T>(x: T) {
    std::hint::black_box(&x);
}

/// One case in every mode: the static `Tensor`, `DynTensor`, ndarray's
/// `Array` (shapes as tuples) and `ArrayD`, then `$more(group, mode)` (the
/// hand loop, nalgebra).
macro_rules! case {
    ($c:expr, $name:expr, [$($a:expr),*], [$($b:expr),*], [$($o:expr),*], $ta:expr, $tb:expr, $to:expr, $more:expr) => {{
        let (sa, sb, so) = (&[$($a),*][..], &[$($b),*][..], &[$($o),*][..]);
        let (na, nb, no) = (
            sa.iter().product::<usize>(),
            sb.iter().product::<usize>(),
            so.iter().product::<usize>(),
        );
        type SO = shape![$($o),*];
        let st_a = Tensor::<f32, shape![$($a),*]>::from_slice(&data(na)).unwrap();
        let st_b = Tensor::<f32, shape![$($b),*]>::from_slice(&data(nb)).unwrap();
        let mut st_o = Tensor::<f32, SO>::zeros();
        let mut st_x = Tensor::<f32, SO>::from_slice(&data(no)).unwrap();
        let dy_a = DynTensor::from_vec(data(na), sa).unwrap();
        let dy_b = DynTensor::from_vec(data(nb), sb).unwrap();
        let mut dy_o = DynTensor::zeros(so);
        let mut dy_x = DynTensor::from_vec(data(no), so).unwrap();
        let nd_a = Array::from_shape_vec($ta, data(na)).unwrap();
        let nd_b = Array::from_shape_vec($tb, data(nb)).unwrap();
        let mut nd_o = Array::<f32, _>::zeros($to);
        let mut nd_x = Array::from_shape_vec($to, data(no)).unwrap();
        let nx_a = ArrayD::from_shape_vec(IxDyn(sa), data(na)).unwrap();
        let nx_b = ArrayD::from_shape_vec(IxDyn(sb), data(nb)).unwrap();
        let mut nx_o = ArrayD::<f32>::zeros(IxDyn(so));
        let mut nx_x = ArrayD::from_shape_vec(IxDyn(so), data(no)).unwrap();
        let mut more = $more;
        for mode in Mode::ALL {
            let mut g = group($c, &mode.group($name));
            match mode {
                Mode::Alloc => {
                    g.bench_function("static", |bn| bn.iter(|| keep(black_box(&st_a) + black_box(&st_b))));
                    g.bench_function("dyn", |bn| bn.iter(|| keep(black_box(&dy_a) + black_box(&dy_b))));
                    g.bench_function("ndarray", |bn| bn.iter(|| keep(black_box(&nd_a) + black_box(&nd_b))));
                    g.bench_function("ndarray_dyn", |bn| {
                        bn.iter(|| keep(black_box(&nx_a) + black_box(&nx_b)))
                    });
                }
                Mode::Into => {
                    g.bench_function("static", |bn| {
                        bn.iter(|| add_into(black_box(&st_a), black_box(&st_b), black_box(&mut st_o)))
                    });
                    g.bench_function("dyn", |bn| {
                        bn.iter(|| {
                            try_add_into(black_box(&dy_a), black_box(&dy_b), black_box(&mut dy_o))
                                .unwrap()
                        })
                    });
                    g.bench_function("ndarray", |bn| {
                        bn.iter(|| {
                            Zip::from(black_box(&mut nd_o))
                                .and_broadcast(black_box(&nd_a))
                                .and_broadcast(black_box(&nd_b))
                                .for_each(|o, &x, &y| *o = x + y)
                        })
                    });
                    g.bench_function("ndarray_dyn", |bn| {
                        bn.iter(|| {
                            Zip::from(black_box(&mut nx_o))
                                .and_broadcast(black_box(&nx_a))
                                .and_broadcast(black_box(&nx_b))
                                .for_each(|o, &x, &y| *o = x + y)
                        })
                    });
                }
                Mode::Assign => {
                    g.bench_function("static", |bn| {
                        bn.iter(|| *black_box(&mut st_x) += black_box(&st_b))
                    });
                    g.bench_function("dyn", |bn| {
                        bn.iter(|| *black_box(&mut dy_x) += black_box(&dy_b))
                    });
                    g.bench_function("ndarray", |bn| {
                        bn.iter(|| *black_box(&mut nd_x) += black_box(&nd_b))
                    });
                    g.bench_function("ndarray_dyn", |bn| {
                        bn.iter(|| *black_box(&mut nx_x) += black_box(&nx_b))
                    });
                }
            }
            more(&mut g, mode);
            g.finish();
        }
    }};
}

/// The hand loop of one case in one mode: `f(c, a, b)` writes `c = a + b`
/// into a preallocated `c` (which `zero()` makes), `acc(x, b)` computes
/// `x += b`. The allocating form starts from `zero()`, as a hand-written
/// `let mut c = [[0.0; N]; M]` or `vec![0.0; n]` does.
struct Hand<A, B, O, Z, F, G> {
    a: A,
    b: B,
    out: O,
    x: O,
    zero: Z,
    f: F,
    acc: G,
}

/// A [`Hand`] of any types.
trait HandBench {
    fn bench(&mut self, g: &mut Group<'_>, mode: Mode);
}

impl<A, B, O, Z: Fn() -> O, F: Fn(&mut O, &A, &B), G: Fn(&mut O, &B)> HandBench
    for Hand<A, B, O, Z, F, G>
{
    fn bench(&mut self, g: &mut Group<'_>, mode: Mode) {
        Hand::bench(self, g, mode)
    }
}

impl<A, B, O, Z: Fn() -> O, F: Fn(&mut O, &A, &B), G: Fn(&mut O, &B)> Hand<A, B, O, Z, F, G> {
    fn new(a: A, b: B, zero: Z, f: F, acc: G) -> Self {
        let (mut out, mut x) = (zero(), zero());
        f(&mut x, &a, &b);
        f(&mut out, &a, &b);
        Hand {
            a,
            b,
            out,
            x,
            zero,
            f,
            acc,
        }
    }

    fn bench(&mut self, g: &mut Group<'_>, mode: Mode) {
        let Hand {
            a,
            b,
            out,
            x,
            zero,
            f,
            acc,
        } = self;
        match mode {
            Mode::Alloc => g.bench_function("hand", |bn| {
                bn.iter(|| {
                    let mut c = zero();
                    f(&mut c, black_box(&*a), black_box(&*b));
                    keep(c)
                })
            }),
            Mode::Into => g.bench_function("hand", |bn| {
                bn.iter(|| f(black_box(&mut *out), black_box(&*a), black_box(&*b)))
            }),
            Mode::Assign => g.bench_function("hand", |bn| {
                bn.iter(|| acc(black_box(&mut *x), black_box(&*b)))
            }),
        };
    }
}

fn a_4x3(c: &mut Criterion) {
    use nalgebra::{Matrix4x3, RowVector3};
    let mut a: [[f32; 3]; 4] = [[0.0; 3]; 4];
    a.as_flattened_mut().copy_from_slice(&data(12));
    let b: [[f32; 3]; 1] = [[0.0, 0.5, 1.0]];
    let mut hand = Hand::new(
        a,
        b,
        || [[0f32; 3]; 4],
        |c, a, b| {
            for i in 0..4 {
                for j in 0..3 {
                    c[i][j] = a[i][j] + b[0][j];
                }
            }
        },
        |x, b| {
            for i in 0..4 {
                for j in 0..3 {
                    x[i][j] += b[0][j];
                }
            }
        },
    );
    // nalgebra has no broadcasting: the row is added to each row.
    let na = Matrix4x3::from_row_slice(&data(12));
    let nb = RowVector3::from_row_slice(&data(3));
    let (mut n_out, mut n_x) = (Matrix4x3::<f32>::zeros(), na);
    let more = |g: &mut Group<'_>, mode: Mode| {
        match mode {
            Mode::Alloc => g.bench_function("nalgebra", |bn| {
                bn.iter(|| {
                    let mut c = *black_box(&na);
                    for mut r in c.row_iter_mut() {
                        r += black_box(&nb);
                    }
                    keep(c)
                })
            }),
            Mode::Into => g.bench_function("nalgebra", |bn| {
                bn.iter(|| {
                    let out = black_box(&mut n_out);
                    out.copy_from(black_box(&na));
                    for mut r in out.row_iter_mut() {
                        r += black_box(&nb);
                    }
                })
            }),
            Mode::Assign => g.bench_function("nalgebra", |bn| {
                bn.iter(|| {
                    for mut r in black_box(&mut n_x).row_iter_mut() {
                        r += black_box(&nb);
                    }
                })
            }),
        };
        hand.bench(g, mode);
    };
    case!(
        c,
        "A [4,3]+[1,3]",
        [4, 3],
        [1, 3],
        [4, 3],
        (4, 3),
        (1, 3),
        (4, 3),
        more
    );
}

fn b_5x3x4x1(c: &mut Criterion) {
    let mut a = [[[[0f32; 1]; 4]; 3]; 5];
    a.as_flattened_mut()
        .as_flattened_mut()
        .as_flattened_mut()
        .copy_from_slice(&data(60));
    let mut b = [[[0f32; 2]; 1]; 3];
    b.as_flattened_mut()
        .as_flattened_mut()
        .copy_from_slice(&data(6));
    let mut hand = Hand::new(
        a,
        b,
        || [[[[0f32; 2]; 4]; 3]; 5],
        |c, a, b| {
            for i in 0..5 {
                for j in 0..3 {
                    for k in 0..4 {
                        for l in 0..2 {
                            c[i][j][k][l] = a[i][j][k][0] + b[j][0][l];
                        }
                    }
                }
            }
        },
        |x, b| {
            for i in 0..5 {
                for j in 0..3 {
                    for k in 0..4 {
                        for l in 0..2 {
                            x[i][j][k][l] += b[j][0][l];
                        }
                    }
                }
            }
        },
    );
    case!(
        c,
        "B [5,3,4,1]+[3,1,2]",
        [5, 3, 4, 1],
        [3, 1, 2],
        [5, 3, 4, 2],
        (5, 3, 4, 1),
        (3, 1, 2),
        (5, 3, 4, 2),
        |g: &mut Group<'_>, mode| hand.bench(g, mode)
    );
}

/// A hand loop over `Vec`s of `n` output elements (see [`Hand`]).
fn vec_hand<F, G>(n: usize, a: Vec<f32>, b: Vec<f32>, f: F, acc: G) -> impl HandBench
where
    F: Fn(&mut Vec<f32>, &Vec<f32>, &Vec<f32>),
    G: Fn(&mut Vec<f32>, &Vec<f32>),
{
    Hand::new(a, b, move || vec![0f32; n], f, acc)
}

fn c_row(c: &mut Criterion) {
    let mut hand = vec_hand(
        65536,
        data(65536),
        data(256),
        |c, a, b| {
            for (c, a) in c.chunks_exact_mut(256).zip(a.chunks_exact(256)) {
                for ((c, a), b) in c.iter_mut().zip(a).zip(b) {
                    *c = a + b;
                }
            }
        },
        |x, b| {
            for x in x.chunks_exact_mut(256) {
                for (x, b) in x.iter_mut().zip(b) {
                    *x += b;
                }
            }
        },
    );
    case!(
        c,
        "C [256,256]+[1,256]",
        [256, 256],
        [1, 256],
        [256, 256],
        (256, 256),
        (1, 256),
        (256, 256),
        |g: &mut Group<'_>, mode| hand.bench(g, mode)
    );
}

fn d_col(c: &mut Criterion) {
    let mut hand = vec_hand(
        65536,
        data(65536),
        data(256),
        |c, a, b| {
            for ((c, a), b) in c.chunks_exact_mut(256).zip(a.chunks_exact(256)).zip(b) {
                for (c, a) in c.iter_mut().zip(a) {
                    *c = a + b;
                }
            }
        },
        |x, b| {
            for (x, b) in x.chunks_exact_mut(256).zip(b) {
                for x in x {
                    *x += b;
                }
            }
        },
    );
    case!(
        c,
        "D [256,256]+[256,1]",
        [256, 256],
        [256, 1],
        [256, 256],
        (256, 256),
        (256, 1),
        (256, 256),
        |g: &mut Group<'_>, mode| hand.bench(g, mode)
    );
}

fn e_outer(c: &mut Criterion) {
    let mut hand = vec_hand(
        1 << 20,
        data(1024),
        data(1024),
        |c, a, b| {
            for (c, a) in c.chunks_exact_mut(1024).zip(a) {
                for (c, b) in c.iter_mut().zip(b) {
                    *c = a + b;
                }
            }
        },
        |x, b| {
            for x in x.chunks_exact_mut(1024) {
                for (x, b) in x.iter_mut().zip(b) {
                    *x += b;
                }
            }
        },
    );
    case!(
        c,
        "E [1024,1]+[1,1024]",
        [1024, 1],
        [1, 1024],
        [1024, 1024],
        (1024, 1),
        (1, 1024),
        (1024, 1024),
        |g: &mut Group<'_>, mode| hand.bench(g, mode)
    );
}

fn f_same(c: &mut Criterion) {
    use nalgebra::DMatrix;
    let mut hand = vec_hand(
        1 << 20,
        data(1 << 20),
        data(1 << 20),
        |c, a, b| {
            for ((c, a), b) in c.iter_mut().zip(a).zip(b) {
                *c = a + b;
            }
        },
        |x, b| {
            for (x, b) in x.iter_mut().zip(b) {
                *x += b;
            }
        },
    );
    let na = DMatrix::from_row_slice(1024, 1024, &data(1 << 20));
    let nb = DMatrix::from_row_slice(1024, 1024, &data(1 << 20));
    let (mut n_out, mut n_x) = (DMatrix::<f32>::zeros(1024, 1024), na.clone());
    let more = |g: &mut Group<'_>, mode: Mode| {
        match mode {
            Mode::Alloc => g.bench_function("nalgebra", |bn| {
                bn.iter(|| keep(black_box(&na) + black_box(&nb)))
            }),
            Mode::Into => g.bench_function("nalgebra", |bn| {
                bn.iter(|| black_box(&na).add_to(black_box(&nb), black_box(&mut n_out)))
            }),
            Mode::Assign => g.bench_function("nalgebra", |bn| {
                bn.iter(|| *black_box(&mut n_x) += black_box(&nb))
            }),
        };
        hand.bench(g, mode);
    };
    case!(
        c,
        "F [1024,1024]+[1024,1024]",
        [1024, 1024],
        [1024, 1024],
        [1024, 1024],
        (1024, 1024),
        (1024, 1024),
        (1024, 1024),
        more
    );
}

fn g_rows(c: &mut Criterion) {
    let mut hand = vec_hand(
        4 << 20,
        data(4 << 20),
        data(1024),
        |c, a, b| {
            for (c, a) in c.chunks_exact_mut(1024).zip(a.chunks_exact(1024)) {
                for ((c, a), b) in c.iter_mut().zip(a).zip(b) {
                    *c = a + b;
                }
            }
        },
        |x, b| {
            for x in x.chunks_exact_mut(1024) {
                for (x, b) in x.iter_mut().zip(b) {
                    *x += b;
                }
            }
        },
    );
    case!(
        c,
        "G [4096,1024]+[1024]",
        [4096, 1024],
        [1024],
        [4096, 1024],
        (4096, 1024),
        (1024,),
        (4096, 1024),
        |g: &mut Group<'_>, mode| hand.bench(g, mode)
    );
}

fn h_inner(c: &mut Criterion) {
    // Rows of 5 (the last axis), each with one element of b; b repeats every 256 rows.
    let mut hand = vec_hand(
        64 * 32 * 8 * 5,
        data(64 * 32 * 8 * 5),
        data(256),
        |c, a, b| {
            for (c, a) in c.chunks_exact_mut(256 * 5).zip(a.chunks_exact(256 * 5)) {
                for ((c, a), b) in c.chunks_exact_mut(5).zip(a.chunks_exact(5)).zip(b) {
                    for (c, a) in c.iter_mut().zip(a) {
                        *c = a + b;
                    }
                }
            }
        },
        |x, b| {
            for x in x.chunks_exact_mut(256 * 5) {
                for (x, b) in x.chunks_exact_mut(5).zip(b) {
                    for x in x {
                        *x += b;
                    }
                }
            }
        },
    );
    case!(
        c,
        "H [64,32,8,5]+[32,8,1]",
        [64, 32, 8, 5],
        [32, 8, 1],
        [64, 32, 8, 5],
        (64, 32, 8, 5),
        (32, 8, 1),
        (64, 32, 8, 5),
        |g: &mut Group<'_>, mode| hand.bench(g, mode)
    );
}

criterion_group!(
    benches, a_4x3, b_5x3x4x1, c_row, d_col, e_outer, f_same, g_rows, h_inner
);
criterion_main!(benches);
