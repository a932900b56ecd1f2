//! The contraction of labelled operands, whatever the labels came from.
//!
//! Each operand becomes a strided view: one stride per label (a repeated
//! label's strides add up, which is the diagonal; a dimension of size 1
//! is dropped, which is broadcasting). Several operands are contracted
//! pairwise from the left, as torch.einsum does, each intermediate keeping
//! only the labels still needed; a label that only one side of a pair has
//! and nothing needs later is summed out of that side first. A pair whose
//! labels split into batch, rows, columns and inner labels with sizes
//! above 1 on each is a batched matrix product and runs on
//! [`kernel::gemm`](crate::kernel::gemm) (operands read in place when
//! their rows and inner labels each collapse to one stride, otherwise
//! copied once in that order); everything else runs the strided loop.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::equation::Labelled;
use super::strided::{MAX_DIMS, Strides, strided};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel::{Mat, Odometer, gemm};

/// An operand seen through strides: `dims` holds `(label, stride)`, each
/// label once.
struct View<'a, T: Clone> {
    data: Cow<'a, [T]>,
    dims: Vec<(usize, usize)>,
}

impl<T: Element> View<'_, T> {
    fn stride(&self, l: usize) -> Option<usize> {
        self.dims.iter().find(|d| d.0 == l).map(|d| d.1)
    }
    fn has(&self, l: usize) -> bool {
        self.stride(l).is_some()
    }
    fn labels(&self) -> impl Iterator<Item = usize> + '_ {
        self.dims.iter().map(|d| d.0)
    }
}

/// A view of row-major `data` of `shape` whose dimensions carry `labels`.
fn view<'a, T: Element>(data: &'a [T], shape: &[usize], labels: &[usize]) -> View<'a, T> {
    let mut dims: Vec<(usize, usize)> = Vec::with_capacity(shape.len());
    let mut stride = 1usize;
    for (&size, &l) in shape.iter().zip(labels).rev() {
        if size != 1 {
            match dims.iter_mut().find(|d| d.0 == l) {
                Some(d) => d.1 += stride,
                None => dims.push((l, stride)),
            }
        }
        stride = stride.wrapping_mul(size);
    }
    dims.reverse();
    View {
        data: Cow::Borrowed(data),
        dims,
    }
}

/// A zeroed buffer for a result of `sizes`, or the error for a too large one.
fn buffer<T: Element>(sizes: &[usize]) -> Result<Vec<T>, ShapeError> {
    let n = checked_numel::<T>(sizes)?;
    let mut v = crate::error::vec_for::<T>(sizes)?;
    v.resize(n, T::zero());
    Ok(v)
}

/// `v` laid out contiguously with the labels `order` (every label of `v`
/// that is not in `order` summed out; labels of `order` that `v` lacks
/// repeat it).
fn reduce<T: Element>(
    v: &View<'_, T>,
    order: &[usize],
    sizes: &[usize],
) -> Result<View<'static, T>, ShapeError> {
    let shape: Vec<usize> = order.iter().map(|&l| sizes[l]).collect();
    let summed: Vec<usize> = v.labels().filter(|l| !order.contains(l)).collect();
    let sum: Vec<usize> = summed.iter().map(|&l| sizes[l]).collect();
    let out_strides: Vec<usize> = order.iter().map(|&l| v.stride(l).unwrap_or(0)).collect();
    let sum_strides: Vec<usize> = summed.iter().map(|&l| v.stride(l).unwrap_or(0)).collect();
    let mut out = buffer::<T>(&shape)?;
    strided(
        &mut out,
        &shape,
        &sum,
        &[Strides {
            data: &v.data,
            out: &out_strides,
            sum: &sum_strides,
        }],
    );
    Ok(contiguous(out, order, sizes))
}

/// A contiguous result as a view.
fn contiguous<T: Element>(data: Vec<T>, order: &[usize], sizes: &[usize]) -> View<'static, T> {
    let shape: Vec<usize> = order.iter().map(|&l| sizes[l]).collect();
    let mut v = view(&data, &shape, order);
    let dims = core::mem::take(&mut v.dims);
    View {
        data: Cow::Owned(data),
        dims,
    }
}

/// The contraction `lab` describes, of operands `ops` (row-major elements
/// and shapes, already checked against `lab`): the output's elements,
/// row-major in `lab.out`'s order.
pub(crate) fn contract<T: Element>(
    ops: &[(&[T], &[usize])],
    lab: &Labelled,
) -> Result<Vec<T>, ShapeError> {
    let sizes = &lab.sizes;
    if let Some(result) = direct(ops, lab) {
        return result;
    }
    let out_shape: Vec<usize> = lab.out.iter().map(|&l| sizes[l]).collect();
    let n = checked_numel::<T>(&out_shape)?;
    if sizes.len() > MAX_DIMS {
        return Err(ShapeError::RankTooLarge { shape: out_shape });
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let views: Vec<View<'_, T>> = ops
        .iter()
        .zip(&lab.ops)
        .map(|(&(d, s), l)| view(d, s, l))
        .collect();
    let mut views = views.into_iter();
    let Some(mut acc) = views.next() else {
        return Ok(Vec::new());
    };
    let rest: Vec<View<'_, T>> = views.collect();
    if rest.is_empty() {
        return Ok(reduce(&acc, &lab.out, sizes)?.data.into_owned());
    }
    let count = rest.len();
    for (i, mut b) in rest.into_iter().enumerate() {
        let last = i + 1 == count;
        // Labels still needed after this pair: the output's and the later operands'.
        let needed =
            |l: usize| lab.out.contains(&l) || lab.ops[i + 2..].iter().any(|o| o.contains(&l));
        // Sum out what only one side has and nothing later needs.
        let keep_a: Vec<usize> = acc.labels().filter(|&l| needed(l) || b.has(l)).collect();
        if keep_a.len() < acc.dims.len() {
            acc = reduce(&acc, &keep_a, sizes)?;
        }
        let keep_b: Vec<usize> = b.labels().filter(|&l| needed(l) || acc.has(l)).collect();
        if keep_b.len() < b.dims.len() {
            b = reduce(&b, &keep_b, sizes)?;
        }
        let result: Vec<usize> = if last {
            lab.out.clone()
        } else {
            // Batch, then rows, then columns: the order a matrix product writes.
            let both = acc.labels().filter(|&l| b.has(l) && needed(l));
            let rows = acc.labels().filter(|&l| !b.has(l));
            let cols = b.labels().filter(|&l| !acc.has(l));
            both.chain(rows).chain(cols).collect()
        };
        acc = pair(&acc, &b, &result, sizes)?;
    }
    Ok(acc.data.into_owned())
}

/// The most dimensions [`direct`] plans on the stack.
const SMALL_RANK: usize = 8;
/// The most multiply-adds a pair of operands may take to run [`direct`]:
/// one loop over every label, nothing summed out first, which only small
/// contractions afford.
const SMALL_WORK: usize = 1024;

/// One operand's stride for each label it has (a repeated label's strides
/// added up: the diagonal; a dimension of size 1 left out), innermost first.
struct Planned {
    labels: [usize; SMALL_RANK],
    strides: [usize; SMALL_RANK],
    len: usize,
}

impl Planned {
    fn new(shape: &[usize], labels: &[usize]) -> Planned {
        let mut p = Planned {
            labels: [0; SMALL_RANK],
            strides: [0; SMALL_RANK],
            len: 0,
        };
        let mut stride = 1usize;
        for (&size, &l) in shape.iter().zip(labels).rev() {
            if size != 1 {
                match p.labels[..p.len].iter().position(|&m| m == l) {
                    Some(i) => p.strides[i] += stride,
                    None => {
                        p.labels[p.len] = l;
                        p.strides[p.len] = stride;
                        p.len += 1;
                    }
                }
            }
            stride = stride.wrapping_mul(size);
        }
        p
    }
    fn stride(&self, l: usize) -> usize {
        self.labels[..self.len]
            .iter()
            .position(|&m| m == l)
            .map_or(0, |i| self.strides[i])
    }
}

/// One operand of rank at most [`SMALL_RANK`] (`ii->i`, `ij->ji`, `ijk->`),
/// or two whose whole contraction is at most [`SMALL_WORK`] multiply-adds:
/// the strides planned in arrays on the stack and one strided loop over
/// every label run straight into the result, the only allocation. Reading
/// the equation is then most of what a small call costs. `None` when the
/// contraction is not one of those.
fn direct<T: Element>(
    ops: &[(&[T], &[usize])],
    lab: &Labelled,
) -> Option<Result<Vec<T>, ShapeError>> {
    let (out, sizes) = (&lab.out, &lab.sizes);
    if !matches!(ops.len(), 1 | 2)
        || out.len() > SMALL_RANK
        || ops.iter().any(|o| o.1.len() > SMALL_RANK)
    {
        return None;
    }
    let plans = [
        Planned::new(ops[0].1, &lab.ops[0]),
        match ops.get(1) {
            Some(o) => Planned::new(o.1, &lab.ops[1]),
            None => Planned::new(&[], &[]),
        },
    ];
    // The summed labels: the first operand's outermost first, then the
    // second's.
    let mut sum = [0usize; 2 * SMALL_RANK];
    let mut r = 0;
    for p in &plans {
        for &l in p.labels[..p.len].iter().rev() {
            if !out.contains(&l) && !sum[..r].contains(&l) {
                sum[r] = l;
                r += 1;
            }
        }
    }
    let mut out_shape = [1usize; SMALL_RANK];
    for (n, &l) in out_shape.iter_mut().zip(out.iter()) {
        *n = sizes[l];
    }
    let out_shape = &out_shape[..out.len()];
    if ops.len() == 2 {
        let work = out_shape
            .iter()
            .chain(sum[..r].iter().map(|&l| &sizes[l]))
            .try_fold(1usize, |w, &n| w.checked_mul(n));
        if work.is_none_or(|w| w > SMALL_WORK) {
            return None;
        }
    }
    let mut sum_sizes = [1usize; 2 * SMALL_RANK];
    for (n, &l) in sum_sizes.iter_mut().zip(&sum[..r]) {
        *n = sizes[l];
    }
    // Filled in place: arrays this size returned by value cost a copy.
    let (mut ao, mut as_) = ([0usize; SMALL_RANK], [0usize; 2 * SMALL_RANK]);
    let (mut bo, mut bs) = ([0usize; SMALL_RANK], [0usize; 2 * SMALL_RANK]);
    let fill = |p: &Planned, o: &mut [usize], s: &mut [usize]| {
        for (x, &l) in o.iter_mut().zip(out.iter()) {
            *x = p.stride(l);
        }
        for (x, &l) in s.iter_mut().zip(&sum[..r]) {
            *x = p.stride(l);
        }
    };
    fill(&plans[0], &mut ao, &mut as_);
    if ops.len() == 2 {
        fill(&plans[1], &mut bo, &mut bs);
    }
    let mut result = match buffer::<T>(out_shape) {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    let a = Strides {
        data: ops[0].0,
        out: &ao[..out.len()],
        sum: &as_[..r],
    };
    if let [_, (b_data, _)] = ops {
        let b = Strides {
            data: b_data,
            out: &bo[..out.len()],
            sum: &bs[..r],
        };
        strided(&mut result, out_shape, &sum_sizes[..r], &[a, b]);
    } else {
        strided(&mut result, out_shape, &sum_sizes[..r], &[a]);
    }
    Some(Ok(result))
}

/// What a label is to a pair contraction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Batch,
    Rows,
    Cols,
    /// In the result but in neither operand (size 1).
    Absent,
}

/// `a` and `b` contracted into a contiguous result with labels `result`,
/// summing the labels both have and `result` lacks.
fn pair<T: Element>(
    a: &View<'_, T>,
    b: &View<'_, T>,
    result: &[usize],
    sizes: &[usize],
) -> Result<View<'static, T>, ShapeError> {
    let inner: Vec<usize> = a
        .labels()
        .filter(|&l| b.has(l) && !result.contains(&l))
        .collect();
    let role = |l: usize| match (a.has(l), b.has(l)) {
        (true, true) => Role::Batch,
        (true, false) => Role::Rows,
        (false, true) => Role::Cols,
        (false, false) => Role::Absent,
    };
    let prod = |r: Role| -> usize {
        result
            .iter()
            .filter(|&&l| role(l) == r)
            .map(|&l| sizes[l])
            .product()
    };
    let k: usize = inner.iter().map(|&l| sizes[l]).product();
    if prod(Role::Rows) > 1 && prod(Role::Cols) > 1 && k > 1 {
        return matrix_pair(a, b, result, &inner, sizes, &role);
    }
    let shape: Vec<usize> = result.iter().map(|&l| sizes[l]).collect();
    // Innermost summed label: the one with the smallest strides.
    let mut inner = inner;
    inner.sort_by_key(|&l| core::cmp::Reverse(a.stride(l).unwrap_or(0) + b.stride(l).unwrap_or(0)));
    let sum_sizes: Vec<usize> = inner.iter().map(|&l| sizes[l]).collect();
    let strides = |v: &View<'_, T>, ls: &[usize]| -> Vec<usize> {
        ls.iter().map(|&l| v.stride(l).unwrap_or(0)).collect()
    };
    let (ao, as_) = (strides(a, result), strides(a, &inner));
    let (bo, bs) = (strides(b, result), strides(b, &inner));
    let mut out = buffer::<T>(&shape)?;
    strided(
        &mut out,
        &shape,
        &sum_sizes,
        &[
            Strides {
                data: &a.data,
                out: &ao,
                sum: &as_,
            },
            Strides {
                data: &b.data,
                out: &bo,
                sum: &bs,
            },
        ],
    );
    Ok(contiguous(out, result, sizes))
}

/// The stride of labels `ls` (sizes above 1, outermost first) collapsed
/// into one, if `v` holds them row-major among themselves.
fn collapse<T: Element>(v: &View<'_, T>, ls: &[usize], sizes: &[usize]) -> Option<usize> {
    let mut expect = None;
    for &l in ls.iter().rev() {
        let s = v.stride(l)?;
        if let Some(e) = expect
            && s != e
        {
            return None;
        }
        expect = Some(s * sizes[l]);
    }
    Some(ls.last().map_or(0, |&l| v.stride(l).unwrap_or(0)))
}

/// A pair contraction as batched matrix products: `a` gives the rows, `b`
/// the columns (or the other way round, when the result lists the columns
/// first), the inner labels are summed by the product.
fn matrix_pair<T: Element>(
    a: &View<'_, T>,
    b: &View<'_, T>,
    result: &[usize],
    inner: &[usize],
    sizes: &[usize],
    role: &dyn Fn(usize) -> Role,
) -> Result<View<'static, T>, ShapeError> {
    let of = |r: Role| -> Vec<usize> { result.iter().copied().filter(|&l| role(l) == r).collect() };
    let (batch, rows, cols) = (of(Role::Batch), of(Role::Rows), of(Role::Cols));
    // The order of the roles in the result (labels absent from both have size 1).
    let seq: Vec<Role> = result
        .iter()
        .map(|&l| role(l))
        .filter(|&r| r != Role::Absent)
        .collect();
    let is = |order: [Role; 3]| {
        let mut at = 0;
        seq.iter().all(|&r| {
            while at < 3 && order[at] != r {
                at += 1;
            }
            at < 3
        })
    };
    let (direct, swap) = if is([Role::Batch, Role::Rows, Role::Cols]) {
        (true, false)
    } else if is([Role::Batch, Role::Cols, Role::Rows]) {
        (true, true)
    } else {
        (false, false)
    };
    // Left operand (rows) and right operand (columns) of the products.
    let (l, r, lrows, rcols) = if swap {
        (b, a, &cols, &rows)
    } else {
        (a, b, &rows, &cols)
    };
    // Inner labels in the left operand's order of strides.
    let mut inner = inner.to_vec();
    inner.sort_by_key(|&x| core::cmp::Reverse(l.stride(x).unwrap_or(0)));
    let mut l_order = batch.clone();
    l_order.extend(lrows.iter().chain(&inner));
    let mut r_order = batch.clone();
    r_order.extend(inner.iter().chain(rcols.iter()));
    let fits = |v: &View<'_, T>, m: &[usize]| {
        collapse(v, m, sizes).is_some() && collapse(v, &inner, sizes).is_some()
    };
    let l_copy;
    let l = if fits(l, lrows) {
        l
    } else {
        l_copy = reduce(l, &l_order, sizes)?;
        &l_copy
    };
    let r_copy;
    let r = if fits(r, rcols) {
        r
    } else {
        r_copy = reduce(r, &r_order, sizes)?;
        &r_copy
    };
    let (Some(l_rs), Some(l_cs)) = (collapse(l, lrows, sizes), collapse(l, &inner, sizes)) else {
        unreachable!("a contiguous copy collapses")
    };
    let (Some(r_rs), Some(r_cs)) = (collapse(r, &inner, sizes), collapse(r, rcols, sizes)) else {
        unreachable!("a contiguous copy collapses")
    };
    let size = |ls: &[usize]| ls.iter().map(|&x| sizes[x]).product::<usize>();
    let (m, k, n) = (size(lrows), size(&inner), size(rcols));
    let mut c_order = batch.clone();
    c_order.extend(lrows.iter().chain(rcols.iter()));
    let c_shape: Vec<usize> = c_order.iter().map(|&x| sizes[x]).collect();
    let mut c = buffer::<T>(&c_shape)?;
    let bl: Vec<usize> = batch.iter().map(|&x| l.stride(x).unwrap_or(0)).collect();
    let br: Vec<usize> = batch.iter().map(|&x| r.stride(x).unwrap_or(0)).collect();
    let bsizes: Vec<usize> = batch.iter().map(|&x| sizes[x]).collect();
    let mut index = alloc::vec![0usize; batch.len()];
    let mut od = Odometer::new(&bsizes, [&bl, &br], &mut index, [0, 0]);
    for block in c.chunks_exact_mut(m * n) {
        let [ol, or] = od.offsets;
        gemm(
            m,
            k,
            n,
            Mat {
                data: &l.data[ol..],
                rs: l_rs,
                cs: l_cs,
            },
            Mat {
                data: &r.data[or..],
                rs: r_rs,
                cs: r_cs,
            },
            block,
        );
        od.step();
    }
    let c = contiguous(c, &c_order, sizes);
    if direct {
        // Row-major in `c_order` is row-major in `result`: the roles come
        // in that order, and the absent labels have size 1.
        let dims = contiguous_dims(result, sizes);
        return Ok(View { data: c.data, dims });
    }
    reduce(&c, result, sizes)
}

/// The strides of a contiguous layout with labels `order`.
fn contiguous_dims(order: &[usize], sizes: &[usize]) -> Vec<(usize, usize)> {
    let shape: Vec<usize> = order.iter().map(|&l| sizes[l]).collect();
    view::<u8>(&[], &shape, order).dims
}
