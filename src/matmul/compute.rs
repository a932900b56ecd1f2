//! The batched product: every matrix of the broadcast batch, each through
//! [`kernel::gemm`](crate::kernel::gemm), each operand read through its
//! strides (a transposed or sliced view is multiplied where it lies, not
//! copied). When the second operand is a single matrix (or vector) and the
//! first operand's batch and row axes collapse into one axis of rows (a
//! contiguous tensor, a slice of rows), the batch is folded into the rows,
//! so that `[4096, 3, 3] @ [3, 3]` is one `[12288, 3] @ [3, 3]` product.
//! Otherwise the batch is walked by an [`Odometer`] over both operands'
//! batch strides. With the `rayon` feature, large products split their rows
//! or their batch across the pool ([`kernel::parallel`](crate::kernel::parallel)).

use crate::element::Element;
use crate::error::ShapeError;
use crate::kernel::{Mat, Odometer, gemm, parallel};
use crate::shape::matmul::MatMulDims;
use crate::tensor::ShapeBuf;

/// One operand: its elements from its first one on, its sizes and the
/// stride (in elements) of each axis.
#[derive(Clone, Copy)]
pub(crate) struct Operand<'a, T> {
    pub(crate) data: &'a [T],
    pub(crate) dims: &'a [usize],
    pub(crate) strides: &'a [usize],
}

/// Row-major strides of `dims`.
fn row_major(dims: &[usize]) -> ShapeBuf {
    let mut s = ShapeBuf::zeroed(dims.len());
    let mut step = 1usize;
    for (o, &d) in s.as_mut_slice().iter_mut().zip(dims).rev() {
        *o = step;
        // Wrapping: only for shapes of an existing tensor (the product
        // fits), or past a size of 0, where no stride is used.
        step = step.wrapping_mul(d);
    }
    s
}

/// `out = a @ b` for row-major `a` and `b` of shapes `a_dims` and `b_dims`,
/// whose product `d` describes (`out` holds `d.out`'s element count).
pub(crate) fn matmul_into<T: Element>(
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    d: &MatMulDims,
    out: &mut [T],
) {
    let (sa, sb) = (row_major(a_dims), row_major(b_dims));
    matmul_strided(
        Operand {
            data: a,
            dims: a_dims,
            strides: sa.as_slice(),
        },
        Operand {
            data: b,
            dims: b_dims,
            strides: sb.as_slice(),
        },
        d,
        out,
    );
}

/// The stride of one axis standing for all of `dims` (sizes 1 skipped),
/// if they collapse into one: each stride is the next one's times its size.
/// `None` if they do not (the columns of a transposed batch, say).
fn collapse(dims: &[usize], strides: &[usize]) -> Option<usize> {
    // The stride of the innermost axis kept (one row), and the (stride,
    // size) of the last one kept, walking outwards.
    let mut row = None;
    let mut inner: Option<(usize, usize)> = None;
    for (&d, &s) in dims.iter().zip(strides).rev() {
        if d == 1 {
            continue;
        }
        if let Some((is, id)) = inner
            && is.checked_mul(id) != Some(s)
        {
            return None;
        }
        row.get_or_insert(s);
        inner = Some((s, d));
    }
    Some(row.unwrap_or(0))
}

/// `out = a @ b` for strided operands whose product `d` describes (`out`,
/// row-major, holds `d.out`'s element count). Every element of both
/// operands is inside its slice (callers pass tensors or checked views).
pub(crate) fn matmul_strided<T: Element>(
    a: Operand<'_, T>,
    b: Operand<'_, T>,
    d: &MatMulDims,
    out: &mut [T],
) {
    let (m, k, n) = (d.m, d.k, d.n);
    if out.is_empty() {
        return;
    }
    let (ra, rb) = (a.dims.len(), b.dims.len());
    // Matrix strides. A vector `a` is one row (its row stride unused), a
    // vector `b` one column (its column stride unused: 1 keeps the loop's
    // contiguous path).
    let (a_rs, a_cs) = if ra == 1 {
        (0, a.strides[0])
    } else {
        (a.strides[ra - 2], a.strides[ra - 1])
    };
    let (b_rs, b_cs) = if rb == 1 {
        (b.strides[0], 1)
    } else {
        (b.strides[rb - 2], b.strides[rb - 1])
    };
    let a_lead = ra.saturating_sub(1); // batch axes and rows
    let b_batch = rb.saturating_sub(2);
    let b_mat = Mat {
        data: b.data,
        rs: b_rs,
        cs: b_cs,
    };
    if b_batch == 0
        && let Some(rs) = collapse(&a.dims[..a_lead], &a.strides[..a_lead])
    {
        // One `b` for the whole batch, and `a`'s matrices are rows `rs`
        // apart: one product of all the rows.
        // (A vector `a` has no axes here: one row, stride 0.)
        let rows = out.len() / n;
        let per = parallel::units_per_piece(rows, k.max(1) * n, parallel::PARALLEL_FLOPS, 1);
        parallel::for_each_piece(out, per * n, |start, c| {
            let (r0, r) = (start / n, c.len() / n);
            let a = Mat {
                data: r0
                    .checked_mul(rs)
                    .and_then(|o| a.data.get(o..))
                    .unwrap_or(&[]),
                rs,
                cs: a_cs,
            };
            gemm(r, k, n, a, b_mat, c);
        });
        return;
    }
    let c_mat = m * n;
    let count = out.len() / c_mat;
    let rank = d.batch.len();
    let batch_strides = |op: &Operand<'_, T>, mats: usize| {
        // Element offset of one step along each batch axis of the result;
        // 0 where the operand is broadcast (size 1 or absent).
        let mut s = ShapeBuf::zeroed(rank);
        let pad = rank - mats;
        for i in 0..mats {
            if op.dims[i] != 1 {
                s.as_mut_slice()[pad + i] = op.strides[i];
            }
        }
        s
    };
    let (sa, sb) = (
        batch_strides(&a, ra.saturating_sub(2)),
        batch_strides(&b, b_batch),
    );
    let (sa, sb) = (sa.as_slice(), sb.as_slice());
    let per = parallel::units_per_piece(
        count,
        (m * k.max(1)).saturating_mul(n),
        parallel::PARALLEL_FLOPS,
        4,
    );
    parallel::for_each_piece(out, per * c_mat, |start, piece| {
        // The batch index of the piece's first matrix, then one step per matrix.
        let mut index = ShapeBuf::zeroed(rank);
        let mut od = Odometer::at(
            &d.batch,
            [sa, sb],
            index.as_mut_slice(),
            [0, 0],
            start / c_mat,
        );
        for c in piece.chunks_exact_mut(c_mat) {
            let [oa, ob] = od.offsets;
            gemm(
                m,
                k,
                n,
                Mat {
                    data: a.data.get(oa..).unwrap_or(&[]),
                    rs: a_rs,
                    cs: a_cs,
                },
                Mat {
                    data: b.data.get(ob..).unwrap_or(&[]),
                    rs: b_rs,
                    cs: b_cs,
                },
                c,
            );
            od.step();
        }
    });
}

/// The zeroed result of `n` elements and sizes `dims`; an allocation the
/// allocator refuses is [`ShapeError::TooLarge`], not an abort.
pub(crate) fn zeroed<T: Element>(
    dims: &[usize],
    n: usize,
) -> Result<alloc::vec::Vec<T>, ShapeError> {
    crate::error::try_filled(n, T::zero(), dims)
}
