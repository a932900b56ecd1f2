//! The batched product: every matrix of the broadcast batch, each through
//! [`kernel::gemm`](crate::kernel::gemm). When the second operand is a single
//! matrix (or vector), the first operand's batch is folded into its rows, so
//! that `[4096, 3, 3] @ [3, 3]` is one `[12288, 3] @ [3, 3]` product. With
//! the `rayon` feature, large products split their rows or their batch
//! across the pool ([`kernel::parallel`](crate::kernel::parallel)).

use crate::element::Element;
use crate::kernel::{Mat, Odometer, gemm, parallel};
use crate::shape::matmul::MatMulDims;

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
    let (m, k, n) = (d.m, d.k, d.n);
    // Rows of `a` are `k` apart; `b` is `k x n` with rows `n` apart (a
    // vector `b` is one column: rows 1 apart).
    let b_rs = if b_dims.len() == 1 { 1 } else { n };
    let a_batch = &a_dims[..a_dims.len().saturating_sub(2)];
    let b_batch = &b_dims[..b_dims.len().saturating_sub(2)];
    let a_mat = m * k;
    let b_mat = k * n;
    let c_mat = m * n;
    if b_batch.is_empty() {
        // One `b` for the whole batch: `a`'s matrices are consecutive rows.
        let rows = if a_dims.len() == 1 {
            1
        } else {
            a.len() / k.max(1)
        };
        let rows = if k == 0 { out.len() / n.max(1) } else { rows };
        if rows == 0 || n == 0 {
            return;
        }
        let b = Mat {
            data: b,
            rs: b_rs,
            cs: 1,
        };
        let per = parallel::units_per_piece(rows, k.max(1) * n, parallel::PARALLEL_FLOPS, 1);
        parallel::for_each_piece(&mut out[..rows * n], per * n, |start, c| {
            let (r0, r) = (start / n, c.len() / n);
            let a = Mat {
                data: &a[(r0 * k).min(a.len())..],
                rs: k,
                cs: 1,
            };
            gemm(r, k, n, a, b, c);
        });
        return;
    }
    let count = d.batch.iter().product::<usize>();
    if count == 0 || c_mat == 0 {
        return;
    }
    let rank = d.batch.len();
    let strides = |batch: &[usize], mat: usize| {
        // Element offset of one step along each batch axis of the result;
        // 0 where the operand is broadcast (size 1 or absent).
        let mut s = alloc::vec![0usize; rank];
        let pad = rank - batch.len();
        let mut step = mat;
        for i in (0..batch.len()).rev() {
            if batch[i] != 1 {
                s[pad + i] = step;
            }
            step *= batch[i];
        }
        s
    };
    let (sa, sb) = (strides(a_batch, a_mat), strides(b_batch, b_mat));
    let per = parallel::units_per_piece(
        count,
        (m * k.max(1)).saturating_mul(n),
        parallel::PARALLEL_FLOPS,
        4,
    );
    parallel::for_each_piece(&mut out[..count * c_mat], per * c_mat, |start, piece| {
        // The batch index of the piece's first matrix, then one step per matrix.
        let mut index = alloc::vec![0usize; rank];
        let mut od = Odometer::at(&d.batch, [&sa, &sb], &mut index, [0, 0], start / c_mat);
        for c in piece.chunks_exact_mut(c_mat) {
            let [oa, ob] = od.offsets;
            gemm(
                m,
                k,
                n,
                Mat {
                    data: &a[oa..],
                    rs: k,
                    cs: 1,
                },
                Mat {
                    data: &b[ob..],
                    rs: b_rs,
                    cs: 1,
                },
                c,
            );
            od.step();
        }
    });
}
