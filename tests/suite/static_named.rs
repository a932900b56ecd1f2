//! Static named dimensions (the guide's rules chapter, section 5, seed 004): `shape![2, H: 3]`
//! tensors broadcast by name at compile time.
//!
//! Expected values come from a naive reference written here from
//! the guide's rules chapter, section 5: it decides, for every output axis, which axis of each
//! operand lands on it (by name, or by position for unnamed dimensions),
//! then computes every output element by walking all output multi-indices
//! and reading each operand at its own index. It shares no code with the
//! crate (neither the type-level rule nor `named::zip` nor the kernel).

// `&a + &b` and `a.clone()` on purpose (both forms of each operator); named
// shapes written in full in type annotations.
#![allow(clippy::op_ref, clippy::clone_on_copy, clippy::type_complexity)]

use std::fmt::Debug;
use std::marker::PhantomData;

use proptest::collection::vec;
use proptest::prelude::*;
use shaped::{
    Broadcast, BroadcastTo, BroadcastWith, DynTensor, Element, Layout, Shape, ShapeError,
    ShapeErrorKind, Tensor, add_into, dim_names, shape, sub_into, try_add_into, try_sub_into,
};

dim_names!(CHANNEL, CLASS, SCALE1, SCALE2, SCALE3, H, W, C);

type Nm = Option<&'static str>;
const U: Nm = None;
const NH: Nm = Some("H");
const NW: Nm = Some("W");
const NC: Nm = Some("C");
const NCHANNEL: Nm = Some("CHANNEL");
const NCLASS: Nm = Some("CLASS");
const NS1: Nm = Some("SCALE1");
const NS2: Nm = Some("SCALE2");
const NS3: Nm = Some("SCALE3");

// ---------------------------------------------------------------------------
// The naive reference.
// ---------------------------------------------------------------------------

/// A shape, names and row-major elements.
#[derive(Debug, Clone, PartialEq)]
struct Expect<T> {
    dims: Vec<usize>,
    names: Vec<Nm>,
    data: Vec<T>,
}

fn numel(dims: &[usize]) -> usize {
    dims.iter().product()
}

/// Row-major multi-index of the flat position `k` in `dims`.
fn unravel(mut k: usize, dims: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for i in (0..dims.len()).rev() {
        idx[i] = k % dims[i];
        k /= dims[i];
    }
    idx
}

/// Row-major flat position of the multi-index `idx` in `dims`.
fn ravel(idx: &[usize], dims: &[usize]) -> usize {
    idx.iter().zip(dims).fold(0, |acc, (&i, &d)| {
        assert!(i < d, "reference bug: index {idx:?} out of {dims:?}");
        acc * d + i
    })
}

/// Two sizes broadcast (the guide's rules chapter, section 1, rule 2): equal, or one of them 1.
fn pair(p: usize, q: usize) -> Option<usize> {
    if p == q {
        Some(p)
    } else if p == 1 {
        Some(q)
    } else if q == 1 {
        Some(p)
    } else {
        None
    }
}

/// For every output axis, the axis of `a` and the axis of `b` landing on it
/// (`None`: that operand has no dimension there, it counts as size 1), and
/// the output's names. `in_place`: `a` is `x` whatever the ranks.
fn plan(
    ad: &[usize],
    an: &[Nm],
    bd: &[usize],
    bn: &[Nm],
    in_place: bool,
) -> Result<(Vec<Option<usize>>, Vec<Option<usize>>, Vec<Nm>), String> {
    let named = |n: &[Nm]| n.iter().any(Option::is_some);
    if !(named(an) && named(bn)) {
        // Positional, right-aligned; the names ride along.
        if in_place && bd.len() > ad.len() {
            return Err("in place: b has more dimensions than a".into());
        }
        let rank = ad.len().max(bd.len());
        let align = |len: usize| -> Vec<Option<usize>> {
            (0..rank).map(|i| (i + len).checked_sub(rank)).collect()
        };
        let (pa, pb) = (align(ad.len()), align(bd.len()));
        let names = (0..rank)
            .map(|i| pa[i].and_then(|j| an[j]).or(pb[i].and_then(|j| bn[j])))
            .collect();
        return Ok((pa, pb, names));
    }
    // By name.
    let a_is_x = in_place || ad.len() >= bd.len();
    let (xn, yn) = if a_is_x { (an, bn) } else { (bn, an) };
    for n in yn.iter().flatten() {
        if !xn.contains(&Some(*n)) {
            return Err(format!("name {n} of y is not a name of x"));
        }
    }
    let unnamed = |n: &[Nm]| -> Vec<usize> { (0..n.len()).filter(|&i| n[i].is_none()).collect() };
    let (xu, yu) = (unnamed(xn), unnamed(yn));
    if yu.len() > xu.len() {
        return Err("y has more unnamed dimensions than x".into());
    }
    let mut ymap: Vec<Option<usize>> = xn
        .iter()
        .map(|n| n.and_then(|n| yn.iter().position(|m| *m == Some(n))))
        .collect();
    for k in 1..=yu.len() {
        ymap[xu[xu.len() - k]] = Some(yu[yu.len() - k]);
    }
    let xmap: Vec<Option<usize>> = (0..xn.len()).map(Some).collect();
    let names = xn.to_vec();
    Ok(if a_is_x {
        (xmap, ymap, names)
    } else {
        (ymap, xmap, names)
    })
}

/// `f(a, b)` elementwise by the rule of the guide's rules chapter, section 5 (by name when both
/// operands have names, else by position); `Err` where the rule refuses.
/// With `in_place`, `a` is `x` and the result must have `a`'s shape.
#[allow(clippy::too_many_arguments)]
fn reference<T: Copy>(
    a: &[T],
    ad: &[usize],
    an: &[Nm],
    b: &[T],
    bd: &[usize],
    bn: &[Nm],
    in_place: bool,
    f: impl Fn(T, T) -> T,
) -> Result<Expect<T>, String> {
    assert_eq!(a.len(), numel(ad), "reference input a");
    assert_eq!(b.len(), numel(bd), "reference input b");
    assert_eq!(an.len(), ad.len(), "reference names a");
    assert_eq!(bn.len(), bd.len(), "reference names b");
    let (pa, pb, names) = plan(ad, an, bd, bn, in_place)?;
    let rank = pa.len();
    // Every axis of each operand lands on exactly one output axis.
    for (p, d) in [(&pa, ad), (&pb, bd)] {
        for j in 0..d.len() {
            assert_eq!(p.iter().filter(|&&m| m == Some(j)).count(), 1);
        }
    }
    let mut dims = Vec::with_capacity(rank);
    for i in 0..rank {
        let p = pa[i].map_or(1, |j| ad[j]);
        let q = pb[i].map_or(1, |j| bd[j]);
        dims.push(pair(p, q).ok_or_else(|| format!("output axis {i}: {p} vs {q}"))?);
    }
    if in_place && dims != ad {
        return Err(format!("in place: result {dims:?} is not a's shape {ad:?}"));
    }
    let read = |idx: &[usize], p: &[Option<usize>], d: &[usize]| {
        let mut own = vec![0; d.len()];
        for (i, m) in p.iter().enumerate() {
            if let Some(j) = *m {
                own[j] = if d[j] == 1 { 0 } else { idx[i] };
            }
        }
        ravel(&own, d)
    };
    let data = (0..numel(&dims))
        .map(|k| {
            let idx = unravel(k, &dims);
            f(a[read(&idx, &pa, ad)], b[read(&idx, &pb, bd)])
        })
        .collect();
    Ok(Expect { dims, names, data })
}

fn binary<T: Copy>(
    a: (&[T], &[usize], &[Nm]),
    b: (&[T], &[usize], &[Nm]),
    f: impl Fn(T, T) -> T,
) -> Expect<T> {
    reference(a.0, a.1, a.2, b.0, b.1, b.2, false, f).expect("the reference refuses this pair")
}

// ---------------------------------------------------------------------------
// Comparisons and data.
// ---------------------------------------------------------------------------

fn same<T: Element, S: Layout>(got: &Tensor<T, S>, want: &Expect<T>, what: &str) {
    assert_eq!(&*got.shape(), &want.dims[..], "{what}: shape");
    assert_eq!(got.names(), want.names, "{what}: names");
    assert_eq!(got.to_vec(), want.data, "{what}: elements");
}

fn same_dyn<T: Element>(got: &DynTensor<T>, want: &Expect<T>, what: &str) {
    assert_eq!(got.shape(), &want.dims[..], "{what}: shape");
    assert_eq!(got.names(), want.names, "{what}: names");
    assert_eq!(got.to_vec(), want.data, "{what}: elements");
}

/// Shape and elements only (an output buffer keeps its own names).
fn same_values_dyn<T: Element>(got: &DynTensor<T>, want: &Expect<T>, what: &str) {
    assert_eq!(got.shape(), &want.dims[..], "{what}: shape");
    assert_eq!(got.to_vec(), want.data, "{what}: elements");
}

/// `n` small integers, varied (no arithmetic pattern the layout could hide).
fn ints(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64)
        .map(|k| (k * 7 + seed * 13 + (k * k) % 5) % 19 - 9)
        .collect()
}

fn nonzero<T: Element>(v: &[T]) -> Vec<T> {
    v.iter()
        .map(|&x| if x == T::zero() { T::one() } else { x })
        .collect()
}

fn floats(n: usize, seed: i64) -> Vec<f64> {
    ints(n, seed).iter().map(|&x| x as f64 * 0.5).collect()
}

// ---------------------------------------------------------------------------
// The generic checks.
// ---------------------------------------------------------------------------

/// Every binary operator on `a` (shape `A`) and `b` (shape `B`) in both
/// orders, by value and by reference, the `try_*` methods, the runtime
/// `DynTensor` path, the mixed static/runtime operators and the `*_into`
/// functions, each against the reference.
fn check_pair<T, A, B>(ad: &[usize], an: &[Nm], bd: &[usize], bn: &[Nm], va: &[T], vb: &[T])
where
    T: Element,
    A: Shape + BroadcastWith<B>,
    B: Shape + BroadcastWith<A>,
{
    assert_eq!(&*<A as Shape>::DIMS, ad, "A's sizes");
    assert_eq!(&*<A as Layout>::NAMES, an, "A's names");
    assert_eq!(&*<B as Shape>::DIMS, bd, "B's sizes");
    assert_eq!(&*<B as Layout>::NAMES, bn, "B's names");
    let a = Tensor::<T, A>::from_slice(va).unwrap();
    let b = Tensor::<T, B>::from_slice(vb).unwrap();
    let (va_nz, vb_nz) = (nonzero(va), nonzero(vb));
    let a_nz = Tensor::<T, A>::from_slice(&va_nz).unwrap();
    let b_nz = Tensor::<T, B>::from_slice(&vb_nz).unwrap();
    let (ad_, bd_) = (a.clone().into_dyn(), b.clone().into_dyn());
    let sa = (va, ad, an);
    let sb = (vb, bd, bn);

    // a + b
    let want = binary(sa, sb, |p, q| p + q);
    same(&(&a + &b), &want, "&a + &b");
    same(&(a.clone() + b.clone()), &want, "a + b");
    same(&(a.clone() + &b), &want, "a + &b");
    same(&(&a + b.clone()), &want, "&a + b");
    same(&a.try_add(&b).unwrap(), &want, "a.try_add(&b)");
    same_dyn(&ad_.try_add(&bd_).unwrap(), &want, "dyn a + dyn b");
    same_dyn(&(&a + &bd_), &want, "static a + dyn b");
    same_dyn(&(&ad_ + &b), &want, "dyn a + static b");
    let zeros = DynTensor::<T>::zeros(&want.dims);
    let mut out = Tensor::<T, Broadcast<A, B>>::try_from(zeros.clone()).unwrap();
    add_into(&a, &b, &mut out);
    same(&out, &want, "add_into");
    let mut out = Tensor::<T, Broadcast<A, B>>::try_from(zeros.clone()).unwrap();
    try_add_into(&a, &b, &mut out).unwrap();
    same(&out, &want, "try_add_into (static out)");
    let mut out = zeros.clone();
    try_add_into(&a, &b, &mut out).unwrap();
    same_values_dyn(&out, &want, "try_add_into (dyn out)");
    // The static result, made a DynTensor, equals the runtime result,
    // names included (DynTensor's `==` compares names).
    assert_eq!(
        (&a + &b).into_dyn(),
        ad_.try_add(&bd_).unwrap(),
        "static vs runtime"
    );

    // b + a
    let want = binary(sb, sa, |p, q| p + q);
    same(&(&b + &a), &want, "&b + &a");
    same(&b.try_add(&a).unwrap(), &want, "b.try_add(&a)");
    same_dyn(&bd_.try_add(&ad_).unwrap(), &want, "dyn b + dyn a");
    same_dyn(&(&b + &ad_), &want, "static b + dyn a");
    let zeros_ba = DynTensor::<T>::zeros(&want.dims);
    let mut out = Tensor::<T, Broadcast<B, A>>::try_from(zeros_ba.clone()).unwrap();
    add_into(&b, &a, &mut out);
    same(&out, &want, "add_into(b, a)");

    // a - b and b - a: the order of the operation is kept.
    let want = binary(sa, sb, |p, q| p - q);
    same(&(&a - &b), &want, "&a - &b");
    same(&a.try_sub(&b).unwrap(), &want, "a.try_sub(&b)");
    same_dyn(&ad_.try_sub(&bd_).unwrap(), &want, "dyn a - dyn b");
    same_dyn(&(&a - &bd_), &want, "static a - dyn b");
    same_dyn(&(&ad_ - &b), &want, "dyn a - static b");
    let mut out = Tensor::<T, Broadcast<A, B>>::try_from(zeros.clone()).unwrap();
    sub_into(&a, &b, &mut out);
    same(&out, &want, "sub_into");
    let mut out = zeros.clone();
    try_sub_into(&a, &b, &mut out).unwrap();
    same_values_dyn(&out, &want, "try_sub_into (dyn out)");
    let want = binary(sb, sa, |p, q| p - q);
    same(&(&b - &a), &want, "&b - &a");
    same(&(b.clone() - a.clone()), &want, "b - a");
    same_dyn(&bd_.try_sub(&ad_).unwrap(), &want, "dyn b - dyn a");
    let mut out = Tensor::<T, Broadcast<B, A>>::try_from(zeros_ba).unwrap();
    sub_into(&b, &a, &mut out);
    same(&out, &want, "sub_into(b, a)");

    // * / %
    same(&(&a * &b), &binary(sa, sb, |p, q| p * q), "&a * &b");
    same(&(&b * &a), &binary(sb, sa, |p, q| p * q), "&b * &a");
    let sb_nz = (&vb_nz[..], bd, bn);
    let sa_nz = (&va_nz[..], ad, an);
    let want = binary(sa, sb_nz, |p, q| p / q);
    same(&(&a / &b_nz), &want, "&a / &b");
    same_dyn(
        &ad_.try_div(&b_nz.clone().into_dyn()).unwrap(),
        &want,
        "dyn a / dyn b",
    );
    let want = binary(sb, sa_nz, |p, q| p / q);
    same(&(&b / &a_nz), &want, "&b / &a");
    same_dyn(&(&b / &a_nz.clone().into_dyn()), &want, "static b / dyn a");
    same(&(&a % &b_nz), &binary(sa, sb_nz, |p, q| p % q), "&a % &b");
    same(&(&b % &a_nz), &binary(sb, sa_nz, |p, q| p % q), "&b % &a");
}

/// Every compound assignment `a op= b` (`b` by value and by reference),
/// the `try_*_assign` methods, and the runtime and mixed forms, against
/// the reference with `a` as `x`.
fn check_assign<T, A, B>(ad: &[usize], an: &[Nm], bd: &[usize], bn: &[Nm], va: &[T], vb: &[T])
where
    T: Element,
    A: Shape,
    B: Shape + BroadcastTo<A>,
{
    assert_eq!(&*<A as Shape>::DIMS, ad, "A's sizes");
    assert_eq!(&*<A as Layout>::NAMES, an, "A's names");
    assert_eq!(&*<B as Shape>::DIMS, bd, "B's sizes");
    assert_eq!(&*<B as Layout>::NAMES, bn, "B's names");
    let a = Tensor::<T, A>::from_slice(va).unwrap();
    let b = Tensor::<T, B>::from_slice(vb).unwrap();
    let vb_nz = nonzero(vb);
    let b_nz = Tensor::<T, B>::from_slice(&vb_nz).unwrap();
    let bd_ = b.clone().into_dyn();
    let r = |vb: &[T], f: fn(T, T) -> T| {
        reference(va, ad, an, vb, bd, bn, true, f).expect("the reference refuses this pair")
    };
    // A runtime target takes b's names where it has none; a static one
    // keeps its type's names.
    let fixed = |w: &Expect<T>| Expect {
        names: an.to_vec(),
        ..w.clone()
    };

    let want = r(vb, |p, q| p + q);
    let mut c = a.clone();
    c += &b;
    same(&c, &fixed(&want), "a += &b");
    let mut c = a.clone();
    c += b.clone();
    same(&c, &fixed(&want), "a += b");
    let mut c = a.clone();
    c.try_add_assign(&b).unwrap();
    same(&c, &fixed(&want), "a.try_add_assign(&b)");
    let mut c = a.clone();
    c += &bd_;
    same(&c, &fixed(&want), "static a += dyn b");
    let mut d = a.clone().into_dyn();
    d.try_add_assign(&bd_).unwrap();
    same_dyn(&d, &want, "dyn a += dyn b");
    let mut d = a.clone().into_dyn();
    d += &b;
    same_dyn(&d, &want, "dyn a += static b");

    let want = r(vb, |p, q| p - q);
    let mut c = a.clone();
    c -= b.clone();
    same(&c, &fixed(&want), "a -= b");
    let mut c = a.clone();
    c -= &b;
    same(&c, &fixed(&want), "a -= &b");
    let mut c = a.clone();
    c.try_sub_assign(&b).unwrap();
    same(&c, &fixed(&want), "a.try_sub_assign(&b)");
    let mut c = a.clone();
    c -= bd_.clone();
    same(&c, &fixed(&want), "static a -= dyn b");
    let mut d = a.clone().into_dyn();
    d.try_sub_assign(&bd_).unwrap();
    same_dyn(&d, &want, "dyn a -= dyn b");

    let mut c = a.clone();
    c *= &b;
    same(&c, &fixed(&r(vb, |p, q| p * q)), "a *= &b");
    let mut c = a.clone();
    c /= &b_nz;
    same(&c, &fixed(&r(&vb_nz, |p, q| p / q)), "a /= &b");
    let mut c = a.clone();
    c %= b_nz.clone();
    same(&c, &fixed(&r(&vb_nz, |p, q| p % q)), "a %= b");
}

// ---------------------------------------------------------------------------
// The reference itself, on hand-computed cases.
// ---------------------------------------------------------------------------

#[test]
fn reference_hand_cases() {
    // Whether the reference accepts two shapes (the elements do not matter).
    let accepts = |ad: &[usize], an: &[Nm], bd: &[usize], bn: &[Nm], in_place: bool| {
        let (a, b) = (vec![0; numel(ad)], vec![0; numel(bd)]);
        reference(&a, ad, an, &b, bd, bn, in_place, |p: i32, q| p + q).is_ok()
    };
    // [H: 2, W: 3] + [W: 3, H: 2]: a[h, w] + b[w, h].
    let a = [0, 1, 2, 3, 4, 5];
    let b = [0, 10, 20, 30, 40, 50];
    let r = binary(
        (&a, &[2, 3], &[NH, NW]),
        (&b, &[3, 2], &[NW, NH]),
        |p, q| p + q,
    );
    assert_eq!(r.dims, [2, 3]);
    assert_eq!(r.names, [NH, NW]);
    assert_eq!(r.data, [0, 21, 42, 13, 34, 55]);
    // Positional when one side is unnamed: [H: 2, 1] + [3].
    let r = binary(
        (&[1, 2], &[2, 1], &[NH, U]),
        (&[10, 20, 30], &[3], &[U]),
        |p, q| p + q,
    );
    assert_eq!((r.dims, r.names), (vec![2, 3], vec![NH, U]));
    assert_eq!(r.data, [11, 21, 31, 12, 22, 32]);
    // The seed's img + lbl is refused positionally and accepted by name.
    let img = vec![0; 2 * 3 * 2];
    let lbl: Vec<i32> = (0..4).collect();
    assert!(!accepts(&[2, 3, 2], &[U; 3], &[2, 2], &[U; 2], false));
    let r = binary(
        (&img, &[2, 3, 2], &[U, NCHANNEL, NW]),
        (&lbl, &[2, 2], &[U, NW]),
        |p, q| p + q,
    );
    assert_eq!(r.data, [0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3]);
    // a - b where b is x (more dimensions): b's order, a's elements minus b's.
    let r = binary(
        (&[1, 2], &[2], &[NW]),
        (&[10, 20, 30, 40], &[2, 2], &[NW, NH]),
        |p, q| p - q,
    );
    assert_eq!((r.dims, r.names), (vec![2, 2], vec![NW, NH]));
    assert_eq!(r.data, [-9, -19, -28, -38]);
    // Refusals: a name of y missing in x; too many unnamed in y; sizes.
    assert!(!accepts(&[2, 3], &[NH, NW], &[3], &[NC], false));
    assert!(accepts(&[2, 3], &[NH, NW], &[2, 1], &[U, U], false));
    assert!(!accepts(&[2, 3], &[NH, U], &[2, 1], &[U, NH], false));
    assert!(!accepts(&[2, 3], &[NH, NW], &[3, 1], &[NH, NW], false));
    // In place: b's sizes must be 1 or a's.
    assert!(!accepts(&[3, 1], &[NH, NW], &[3, 2], &[NH, NW], true));
}

// ---------------------------------------------------------------------------
// 1. The seed's tensors at their real sizes, at the type level.
// ---------------------------------------------------------------------------

type Img = shape![10, CHANNEL: 3, H: 256, W: 384];
type Lbl = shape![10, H: 256, W: 384];
type Truth = shape![20, H: 512, W: 512];
type Prob = shape![20, CLASS: 3, H: 512, W: 512];
type Pred = shape![20, SCALE1: 1, SCALE2: 17, SCALE3: 15, H: 512, W: 512];

#[test]
fn seed_shapes_real_sizes_type_level() {
    // Broadcast by name is the larger operand's shape, in either order.
    let _: PhantomData<Img> = PhantomData::<Broadcast<Img, Lbl>>;
    let _: PhantomData<Img> = PhantomData::<Broadcast<Lbl, Img>>;
    let _: PhantomData<Prob> = PhantomData::<Broadcast<Prob, Truth>>;
    let _: PhantomData<Prob> = PhantomData::<Broadcast<Truth, Prob>>;
    let _: PhantomData<Pred> = PhantomData::<Broadcast<Pred, Truth>>;
    let _: PhantomData<Pred> = PhantomData::<Broadcast<Truth, Pred>>;
    // The same as literal shapes.
    let _: PhantomData<shape![10, CHANNEL: 3, H: 256, W: 384]> = PhantomData::<Broadcast<Lbl, Img>>;
    let _: PhantomData<shape![20, CLASS: 3, H: 512, W: 512]> =
        PhantomData::<Broadcast<Truth, Prob>>;
    // The operators' result types, without allocating anything.
    let _: fn(&Tensor<u8, Img>, &Tensor<u8, Lbl>) -> Tensor<u8, Img> = |a, b| a + b;
    let _: fn(&Tensor<u8, Lbl>, &Tensor<u8, Img>) -> Tensor<u8, Img> = |a, b| a - b;
    let _: fn(&Tensor<u8, Prob>, &Tensor<u8, Truth>) -> Tensor<u8, Prob> = |a, b| a * b;
    let _: fn(&Tensor<u8, Truth>, &Tensor<u8, Pred>) -> Tensor<u8, Pred> = |a, b| a / b;
    let _: fn(&mut Tensor<u8, Img>, &Tensor<u8, Lbl>) = |a, b| *a += b;
    let _: fn(&mut Tensor<u8, Pred>, &Tensor<u8, Truth>) = |a, b| *a -= b;

    assert_eq!(&*<Img as Shape>::DIMS, &[10, 3, 256, 384]);
    assert_eq!(&*<Img as Layout>::NAMES, &[U, NCHANNEL, NH, NW]);
    assert_eq!(&*<Lbl as Shape>::DIMS, &[10, 256, 384]);
    assert_eq!(&*<Lbl as Layout>::NAMES, &[U, NH, NW]);
    assert_eq!(&*<Truth as Shape>::DIMS, &[20, 512, 512]);
    assert_eq!(&*<Truth as Layout>::NAMES, &[U, NH, NW]);
    assert_eq!(&*<Prob as Shape>::DIMS, &[20, 3, 512, 512]);
    assert_eq!(&*<Prob as Layout>::NAMES, &[U, NCLASS, NH, NW]);
    assert_eq!(&*<Pred as Shape>::DIMS, &[20, 1, 17, 15, 512, 512]);
    assert_eq!(&*<Pred as Layout>::NAMES, &[U, NS1, NS2, NS3, NH, NW]);
    assert_eq!(<Img as Shape>::NUMEL, 10 * 3 * 256 * 384);
    assert_eq!(<Pred as Shape>::NUMEL, 20 * 17 * 15 * 512 * 512);
    const { assert!(<Img as Layout>::NAMED && <Truth as Layout>::NAMED) };
    const { assert!(!<shape![10, 256, 384] as Layout>::NAMED) };
    assert_eq!(
        &*<Broadcast<Lbl, Img> as Layout>::NAMES,
        &[U, NCHANNEL, NH, NW]
    );
    assert_eq!(
        &*<Broadcast<Truth, Pred> as Layout>::NAMES,
        &[U, NS1, NS2, NS3, NH, NW]
    );
    assert_eq!(<Broadcast<Truth, Pred> as Layout>::RANK, 6);
    // The reference agrees on the shapes (no elements needed: size-0 check
    // through `plan` and `pair`).
    let (pa, pb, names) = plan(
        &[10, 3, 256, 384],
        &[U, NCHANNEL, NH, NW],
        &[10, 256, 384],
        &[U, NH, NW],
        false,
    )
    .unwrap();
    assert_eq!(
        (pa, pb),
        (
            vec![Some(0), Some(1), Some(2), Some(3)],
            vec![Some(0), None, Some(1), Some(2)]
        )
    );
    assert_eq!(names, [U, NCHANNEL, NH, NW]);
}

// ---------------------------------------------------------------------------
// 2. The seed's examples with values, scaled down.
// ---------------------------------------------------------------------------

#[test]
fn seed_img_plus_lbl_small() {
    type I = shape![2, CHANNEL: 3, H: 4, W: 5];
    type L = shape![2, H: 4, W: 5];
    let (id, idn) = ([2, 3, 4, 5], [U, NCHANNEL, NH, NW]);
    let (ld, ldn) = ([2, 4, 5], [U, NH, NW]);
    check_pair::<i64, I, L>(&id, &idn, &ld, &ldn, &ints(120, 1), &ints(40, 2));
    check_pair::<f64, I, L>(&id, &idn, &ld, &ldn, &floats(120, 3), &floats(40, 4));
    check_assign::<i64, I, L>(&id, &idn, &ld, &ldn, &ints(120, 5), &ints(40, 6));

    // By formula, independent of the reference: img = 0, lbl = arange:
    // element [n, c, h, w] of the sum is lbl[n, h, w] = 20 n + 5 h + w.
    let img = Tensor::<i32, I>::zeros();
    let lbl = Tensor::<i32, L>::arange();
    let sum: Tensor<i32, I> = &img + &lbl;
    let diff: Tensor<i32, I> = &lbl - &img;
    let neg: Tensor<i32, I> = &img - &lbl;
    for n in 0..2 {
        for c in 0..3 {
            for h in 0..4 {
                for w in 0..5 {
                    let v = (20 * n + 5 * h + w) as i32;
                    assert_eq!(sum[[n, c, h, w]], v);
                    assert_eq!(diff[[n, c, h, w]], v);
                    assert_eq!(neg[[n, c, h, w]], -v);
                }
            }
        }
    }
    assert_eq!(sum.names(), [U, NCHANNEL, NH, NW]);
    assert_eq!(diff.names(), [U, NCHANNEL, NH, NW]);
}

#[test]
fn seed_prob_plus_truth_small() {
    type P = shape![2, CLASS: 3, H: 4, W: 4];
    type T = shape![2, H: 4, W: 4];
    let (pd, pn) = ([2, 3, 4, 4], [U, NCLASS, NH, NW]);
    let (td, tn) = ([2, 4, 4], [U, NH, NW]);
    check_pair::<i64, P, T>(&pd, &pn, &td, &tn, &ints(96, 7), &ints(32, 8));
    check_pair::<f32, P, T>(
        &pd,
        &pn,
        &td,
        &tn,
        &floats(96, 9).iter().map(|&x| x as f32).collect::<Vec<_>>(),
        &floats(32, 10).iter().map(|&x| x as f32).collect::<Vec<_>>(),
    );
    check_assign::<i64, P, T>(&pd, &pn, &td, &tn, &ints(96, 11), &ints(32, 12));
}

#[test]
fn seed_pred_plus_truth_small() {
    type P = shape![2, SCALE1: 1, SCALE2: 3, SCALE3: 2, H: 3, W: 2];
    type T = shape![2, H: 3, W: 2];
    let (pd, pn) = ([2, 1, 3, 2, 3, 2], [U, NS1, NS2, NS3, NH, NW]);
    let (td, tn) = ([2, 3, 2], [U, NH, NW]);
    check_pair::<i64, P, T>(&pd, &pn, &td, &tn, &ints(72, 13), &ints(12, 14));
    check_pair::<f64, P, T>(&pd, &pn, &td, &tn, &floats(72, 15), &floats(12, 16));
    check_assign::<i64, P, T>(&pd, &pn, &td, &tn, &ints(72, 17), &ints(12, 18));
    // The result type is pred's.
    let pred = Tensor::<i64, P>::from_slice(&ints(72, 19)).unwrap();
    let truth = Tensor::<i64, T>::from_slice(&ints(12, 20)).unwrap();
    let r: Tensor<i64, P> = &truth - &pred;
    assert_eq!(r.names(), pn);
}

/// The seed's truth (H, W) against a prob whose H and W are size 1 in x
/// and whose truth side is permuted.
#[test]
fn seed_prob_size1_named_in_x() {
    type P = shape![2, CLASS: 3, H: 1, W: 1];
    type T = shape![2, W: 4, H: 3];
    let _: PhantomData<shape![2, CLASS: 3, H: 3, W: 4]> = PhantomData::<Broadcast<P, T>>;
    let _: PhantomData<shape![2, CLASS: 3, H: 3, W: 4]> = PhantomData::<Broadcast<T, P>>;
    check_pair::<i64, P, T>(
        &[2, 3, 1, 1],
        &[U, NCLASS, NH, NW],
        &[2, 4, 3],
        &[U, NW, NH],
        &ints(6, 21),
        &ints(24, 22),
    );
}

// ---------------------------------------------------------------------------
// 3. Names out of order; size-1 named dimensions in x.
// ---------------------------------------------------------------------------

#[test]
fn out_of_order_h_w() {
    type A = shape![H: 4, W: 5];
    type B = shape![W: 5, H: 1];
    let _: PhantomData<A> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<shape![W: 5, H: 4]> = PhantomData::<Broadcast<B, A>>; // equal ranks: x is the left
    check_pair::<i64, A, B>(
        &[4, 5],
        &[NH, NW],
        &[5, 1],
        &[NW, NH],
        &ints(20, 23),
        &ints(5, 24),
    );
    check_assign::<i64, A, B>(
        &[4, 5],
        &[NH, NW],
        &[5, 1],
        &[NW, NH],
        &ints(20, 25),
        &ints(5, 26),
    );

    // By formula: a[h, w] = 10 h + w, b[w, 0] = 100 w.
    let a = Tensor::<i32, A>::from_fn(|k| (10 * (k / 5) + k % 5) as i32);
    let b = Tensor::<i32, B>::from_slice(&[0, 100, 200, 300, 400]).unwrap();
    let s = &a + &b;
    let t = &b - &a;
    assert_eq!(t.shape(), [5, 4]);
    assert_eq!(t.names(), [NW, NH]);
    for h in 0..4 {
        for w in 0..5 {
            assert_eq!(s[[h, w]], (10 * h + w + 100 * w) as i32);
            assert_eq!(t[[w, h]], (100 * w) as i32 - (10 * h + w) as i32);
        }
    }
}

#[test]
fn out_of_order_with_unnamed_batch() {
    type A = shape![2, C: 3, H: 4];
    type B = shape![H: 4, C: 1];
    let _: PhantomData<A> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<A> = PhantomData::<Broadcast<B, A>>;
    let (ad, an) = ([2, 3, 4], [U, NC, NH]);
    let (bd, bn) = ([4, 1], [NH, NC]);
    check_pair::<i64, A, B>(&ad, &an, &bd, &bn, &ints(24, 27), &ints(4, 28));
    check_pair::<f64, A, B>(&ad, &an, &bd, &bn, &floats(24, 29), &floats(4, 30));
    check_assign::<i64, A, B>(&ad, &an, &bd, &bn, &ints(24, 31), &ints(4, 32));
    // By formula: a * b with b[h, 0] = h + 1.
    let a = Tensor::<i32, A>::arange();
    let b = Tensor::<i32, B>::from_slice(&[1, 2, 3, 4]).unwrap();
    let p = &a * &b;
    for n in 0..2 {
        for c in 0..3 {
            for h in 0..4 {
                assert_eq!(p[[n, c, h]], ((n * 12 + c * 4 + h) * (h + 1)) as i32);
            }
        }
    }
}

#[test]
fn size1_named_in_x_takes_y_size() {
    // x = [2, H: 1, W: 5] (larger rank) against y = [W: 5, H: 4]: H is 4.
    type A = shape![2, H: 1, W: 5];
    type B = shape![W: 5, H: 4];
    let _: PhantomData<shape![2, H: 4, W: 5]> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<shape![2, H: 4, W: 5]> = PhantomData::<Broadcast<B, A>>;
    let (ad, an) = ([2, 1, 5], [U, NH, NW]);
    let (bd, bn) = ([5, 4], [NW, NH]);
    check_pair::<i64, A, B>(&ad, &an, &bd, &bn, &ints(10, 33), &ints(20, 34));
    let a = Tensor::<i64, A>::arange();
    let b = Tensor::<i64, B>::arange();
    let r = &b - &a;
    assert_eq!(r.shape(), [2, 4, 5]);
    assert_eq!(r.names(), [U, NH, NW]);
    // r[n, h, w] = b[w, h] - a[n, 0, w] = (4 w + h) - (5 n + w).
    for n in 0..2 {
        for h in 0..4 {
            for w in 0..5 {
                assert_eq!(r[[n, h, w]], (4 * w + h) as i64 - (5 * n + w) as i64);
            }
        }
    }
}

#[test]
fn equal_ranks_x_is_left() {
    // Equal ranks, same names in another order: the result has the left
    // operand's order, so a + b and b + a have different shapes.
    type A = shape![2, H: 3, W: 4];
    type B = shape![W: 1, 2, H: 3];
    let _: PhantomData<shape![2, H: 3, W: 4]> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<shape![W: 4, 2, H: 3]> = PhantomData::<Broadcast<B, A>>;
    let (ad, an) = ([2, 3, 4], [U, NH, NW]);
    let (bd, bn) = ([1, 2, 3], [NW, U, NH]);
    check_pair::<i64, A, B>(&ad, &an, &bd, &bn, &ints(24, 35), &ints(6, 36));
    check_assign::<i64, A, B>(&ad, &an, &bd, &bn, &ints(24, 37), &ints(6, 38));
}

#[test]
fn several_unnamed_right_aligned() {
    // x has unnamed [3, 4]; y's single unnamed dimension meets the 4.
    type A = shape![3, H: 2, 4, W: 3];
    type B = shape![W: 3, 4];
    let _: PhantomData<A> = PhantomData::<Broadcast<B, A>>;
    let (ad, an) = ([3, 2, 4, 3], [U, NH, U, NW]);
    check_pair::<i64, A, B>(&ad, &an, &[3, 4], &[NW, U], &ints(72, 39), &ints(12, 40));
    check_assign::<i64, A, B>(&ad, &an, &[3, 4], &[NW, U], &ints(72, 41), &ints(12, 42));
    // y's unnamed [1, 4] meet x's [3, 4]; y lacks H.
    type B2 = shape![1, W: 3, 4];
    check_pair::<i64, A, B2>(
        &ad,
        &an,
        &[1, 3, 4],
        &[U, NW, U],
        &ints(72, 43),
        &ints(12, 44),
    );
    check_assign::<i64, A, B2>(
        &ad,
        &an,
        &[1, 3, 4],
        &[U, NW, U],
        &ints(72, 45),
        &ints(12, 46),
    );
    // y with no unnamed dimension and a missing name: [C: 1] style.
    type B3 = shape![H: 2];
    check_pair::<i64, A, B3>(&ad, &an, &[2], &[NH], &ints(72, 47), &ints(2, 48));
    check_assign::<i64, A, B3>(&ad, &an, &[2], &[NH], &ints(72, 49), &ints(2, 50));
    // An unnamed size-1 in x meets y's larger unnamed size.
    type A4 = shape![C: 2, 1];
    type B4 = shape![3, C: 1];
    let _: PhantomData<shape![C: 2, 3]> = PhantomData::<Broadcast<A4, B4>>;
    check_pair::<i64, A4, B4>(
        &[2, 1],
        &[NC, U],
        &[3, 1],
        &[U, NC],
        &ints(2, 51),
        &ints(3, 52),
    );
}

#[test]
fn y_unnamed_meets_x_unnamed_across_names() {
    // y = [C: 3, 1]: its unnamed 1 meets x's unnamed 2, C goes to axis 1,
    // H (absent from y) gets a 1.
    type A = shape![2, C: 1, H: 4];
    type B = shape![C: 3, 1];
    let _: PhantomData<shape![2, C: 3, H: 4]> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<shape![2, C: 3, H: 4]> = PhantomData::<Broadcast<B, A>>;
    check_pair::<i64, A, B>(
        &[2, 1, 4],
        &[U, NC, NH],
        &[3, 1],
        &[NC, U],
        &ints(8, 53),
        &ints(3, 54),
    );
}

// ---------------------------------------------------------------------------
// 4. Consistency with the runtime rule; conversions.
// ---------------------------------------------------------------------------

/// The static result as a `DynTensor` equals the runtime result of the
/// same operands, names included, for every operator.
fn consistent<A, B>(va: &[i64], vb: &[i64])
where
    A: Shape + BroadcastWith<B>,
    B: Shape + BroadcastWith<A>,
{
    let a = Tensor::<i64, A>::from_slice(va).unwrap();
    let b = Tensor::<i64, B>::from_slice(vb).unwrap();
    let b_nz = Tensor::<i64, B>::from_slice(&nonzero(vb)).unwrap();
    let a_nz = Tensor::<i64, A>::from_slice(&nonzero(va)).unwrap();
    let (da, db) = (a.clone().into_dyn(), b.clone().into_dyn());
    assert_eq!(da.names(), a.names());
    assert_eq!(db.names(), b.names());
    let check = |s: DynTensor<i64>, d: DynTensor<i64>, what: &str| {
        assert_eq!(s.names(), d.names(), "{what}: names");
        assert_eq!(s.shape(), d.shape(), "{what}: shape");
        assert_eq!(s, d, "{what}");
    };
    check((&a + &b).into_dyn(), da.try_add(&db).unwrap(), "a + b");
    check((&b + &a).into_dyn(), db.try_add(&da).unwrap(), "b + a");
    check((&a - &b).into_dyn(), da.try_sub(&db).unwrap(), "a - b");
    check((&b - &a).into_dyn(), db.try_sub(&da).unwrap(), "b - a");
    check((&a * &b).into_dyn(), da.try_mul(&db).unwrap(), "a * b");
    check(
        (&a / &b_nz).into_dyn(),
        da.try_div(&b_nz.clone().into_dyn()).unwrap(),
        "a / b",
    );
    check(
        (&b % &a_nz).into_dyn(),
        db.try_rem(&a_nz.clone().into_dyn()).unwrap(),
        "b % a",
    );
    // And the shape the runtime reports is the one the type has.
    let r = da.try_add(&db).unwrap();
    assert_eq!(r.shape(), &*<Broadcast<A, B> as Layout>::TEMPLATE);
    assert_eq!(r.names(), &*<Broadcast<A, B> as Layout>::NAMES);
}

#[test]
fn static_equals_runtime() {
    consistent::<shape![2, CHANNEL: 3, H: 4, W: 5], shape![2, H: 4, W: 5]>(
        &ints(120, 55),
        &ints(40, 56),
    );
    consistent::<shape![2, CLASS: 3, H: 2, W: 2], shape![2, H: 2, W: 2]>(
        &ints(24, 57),
        &ints(8, 58),
    );
    consistent::<shape![2, SCALE1: 1, SCALE2: 2, SCALE3: 3, H: 2, W: 2], shape![2, H: 2, W: 2]>(
        &ints(48, 59),
        &ints(8, 60),
    );
    consistent::<shape![H: 4, W: 5], shape![W: 5, H: 1]>(&ints(20, 61), &ints(5, 62));
    consistent::<shape![2, C: 3, H: 4], shape![H: 4, C: 1]>(&ints(24, 63), &ints(4, 64));
    consistent::<shape![2, H: 1, W: 5], shape![W: 5, H: 4]>(&ints(10, 65), &ints(20, 66));
    consistent::<shape![2, H: 3, W: 4], shape![W: 1, 2, H: 3]>(&ints(24, 67), &ints(6, 68));
    consistent::<shape![3, H: 2, 4, W: 3], shape![1, W: 3, 4]>(&ints(72, 69), &ints(12, 70));
    // One side named: positional on both paths.
    consistent::<shape![2, H: 3], shape![3]>(&ints(6, 71), &ints(3, 72));
    consistent::<shape![4, 1], shape![W: 5]>(&ints(4, 73), &ints(5, 74));
}

#[test]
fn into_dyn_carries_names_and_try_from_checks_them() {
    type S = shape![2, H: 3, W: 2];
    let t = Tensor::<i32, S>::arange();
    let d = t.into_dyn();
    assert_eq!(d.shape(), &[2, 3, 2]);
    assert_eq!(d.names(), [U, NH, NW]);
    assert!(d.is_named());
    assert_eq!(d.to_vec(), (0..12).collect::<Vec<_>>());
    let d2: DynTensor<i32> = t.into();
    assert_eq!(d2.names(), [U, NH, NW]);
    // An unnamed static tensor gives an unnamed DynTensor.
    let plain = Tensor::<i32, shape![2, 3]>::arange().into_dyn();
    assert!(!plain.is_named());

    // Back: equal names succeed.
    let back = Tensor::<i32, S>::try_from(d.clone()).unwrap();
    assert_eq!(back, t);
    assert_eq!(back.names(), [U, NH, NW]);
    // No names: succeed, with the static names.
    let back = Tensor::<i32, S>::try_from(d.clone().drop_names()).unwrap();
    assert_eq!(back.to_vec(), t.to_vec());
    assert_eq!(back.names(), [U, NH, NW]);
    // Some names only, agreeing where both name: succeed.
    let partial = d.clone().with_names([U, NH, U]).unwrap();
    assert!(Tensor::<i32, S>::try_from(partial).is_ok());
    // Conflicting names: NamesDiffer, at the first axis that differs.
    let swapped = d.clone().with_names([U, NW, NH]).unwrap();
    let e = Tensor::<i32, S>::try_from(swapped).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::NamesDiffer);
    match &e {
        ShapeError::NamesDiffer {
            expected,
            got,
            axis,
        } => {
            assert_eq!(*axis, 1);
            assert_eq!(expected[1].as_deref(), Some("H"));
            assert_eq!(got[1].as_deref(), Some("W"));
        }
        other => panic!("{other:?}"),
    }
    let other = d.clone().with_names([U, NH, Some("X")]).unwrap();
    let e = Tensor::<i32, S>::try_from(other).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::NamesDiffer);
    assert!(
        matches!(e, ShapeError::NamesDiffer { axis: 2, .. }),
        "{e:?}"
    );
    // A wrong size is still a Mismatch.
    let e = Tensor::<i32, S>::try_from(DynTensor::<i32>::zeros(&[2, 2, 3])).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Mismatch);
    // Unnamed static target: the names on the runtime tensor do not matter.
    let u = Tensor::<i32, shape![2, 3, 2]>::try_from(d).unwrap();
    assert_eq!(u.names(), [U, U, U]);
    assert_eq!(u.to_vec(), (0..12).collect::<Vec<_>>());
}

#[test]
fn drop_names_then_positional() {
    type A = shape![2, H: 3, W: 1];
    let a = Tensor::<i64, A>::from_slice(&ints(6, 75)).unwrap();
    let p: Tensor<i64, shape![2, 3, 1]> = a.drop_names();
    assert_eq!(p.names(), [U, U, U]);
    assert_eq!(p.to_vec(), a.to_vec());
    // Unnamed, [2, 3, 1] + [3, 2] by position ([3, 2] right-aligned).
    let b = Tensor::<i64, shape![W: 3, H: 2]>::from_slice(&ints(6, 76)).unwrap();
    let r = &p + &b;
    let want = binary(
        (&a.to_vec(), &[2, 3, 1], &[U; 3]),
        (&b.to_vec(), &[3, 2], &[NW, NH]),
        |x, y| x + y,
    );
    same(&r, &want, "unnamed + named is positional");
    assert_eq!(r.names(), [U, NW, NH]);
}

// ---------------------------------------------------------------------------
// 5. In place by name.
// ---------------------------------------------------------------------------

#[test]
fn in_place_by_name() {
    type A = shape![2, C: 3, H: 4];
    type B = shape![H: 4, C: 1];
    let mut a = Tensor::<i32, A>::arange();
    let b = Tensor::<i32, B>::from_slice(&[100, 200, 300, 400]).unwrap();
    a += &b;
    for n in 0..2 {
        for c in 0..3 {
            for h in 0..4 {
                assert_eq!(
                    a[[n, c, h]],
                    (n * 12 + c * 4 + h) as i32 + 100 * (h as i32 + 1)
                );
            }
        }
    }
    a -= b;
    assert_eq!(a.to_vec(), (0..24).collect::<Vec<_>>());
    assert_eq!(a.names(), [U, NC, NH]);

    // Permuted, with the same rank: [H: 4, W: 5] -= [W: 5, H: 4].
    type P = shape![H: 4, W: 5];
    type Q = shape![W: 5, H: 4];
    let (va, vb) = (ints(20, 77), ints(20, 78));
    check_assign::<i64, P, Q>(&[4, 5], &[NH, NW], &[5, 4], &[NW, NH], &va, &vb);
    let mut p = Tensor::<i64, P>::from_slice(&va).unwrap();
    let q = Tensor::<i64, Q>::from_slice(&vb).unwrap();
    p -= q;
    for h in 0..4 {
        for w in 0..5 {
            assert_eq!(p[[h, w]], va[h * 5 + w] - vb[w * 4 + h]);
        }
    }
    // try_add_assign gives Ok and the same values.
    let mut p2 = Tensor::<i64, P>::from_slice(&va).unwrap();
    p2.try_sub_assign(&q).unwrap();
    assert_eq!(p2, p);
    let mut p3 = Tensor::<i64, P>::from_slice(&va).unwrap();
    p3.try_add_assign(&q).unwrap();
    for h in 0..4 {
        for w in 0..5 {
            assert_eq!(p3[[h, w]], va[h * 5 + w] + vb[w * 4 + h]);
        }
    }
    // The seed's lbl into img in place; and a size-1 named in y.
    check_assign::<i64, shape![2, CHANNEL: 3, H: 2, W: 3], shape![W: 3, 2, H: 1]>(
        &[2, 3, 2, 3],
        &[U, NCHANNEL, NH, NW],
        &[3, 2, 1],
        &[NW, U, NH],
        &ints(36, 79),
        &ints(6, 80),
    );
    // A named runtime right side, by name, on a static left side.
    let mut s = Tensor::<i64, P>::from_slice(&va).unwrap();
    s += Tensor::<i64, Q>::from_slice(&vb).unwrap().into_dyn();
    assert_eq!(s, p3);
}

#[test]
fn in_place_one_side_named_is_positional() {
    // [2, H: 3] += [3]; [2, 3] += [H: 3]; [H: 3, W: 3] += [3, 1] (by position,
    // the 3 of b meets H).
    check_assign::<i64, shape![2, H: 3], shape![3]>(
        &[2, 3],
        &[U, NH],
        &[3],
        &[U],
        &ints(6, 81),
        &ints(3, 82),
    );
    check_assign::<i64, shape![2, 3], shape![H: 3]>(
        &[2, 3],
        &[U, U],
        &[3],
        &[NH],
        &ints(6, 83),
        &ints(3, 84),
    );
    check_assign::<i64, shape![H: 3, W: 3], shape![3, 1]>(
        &[3, 3],
        &[NH, NW],
        &[3, 1],
        &[U, U],
        &ints(9, 85),
        &ints(3, 86),
    );
}

// ---------------------------------------------------------------------------
// 6. One side named: positional; mixed static/runtime operands.
// ---------------------------------------------------------------------------

#[test]
fn one_side_named_is_positional() {
    type A = shape![2, H: 3];
    type B = shape![3];
    let _: PhantomData<shape![2, H: 3]> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<shape![2, H: 3]> = PhantomData::<Broadcast<B, A>>;
    check_pair::<i64, A, B>(&[2, 3], &[U, NH], &[3], &[U], &ints(6, 87), &ints(3, 88));
    // Equals the unnamed result, and keeps the names.
    let a = Tensor::<i64, A>::from_slice(&ints(6, 89)).unwrap();
    let b = Tensor::<i64, B>::from_slice(&ints(3, 90)).unwrap();
    let named = &a + &b;
    let plain = &a.drop_names() + &b;
    assert_eq!(named.to_vec(), plain.to_vec());
    assert_eq!(named.shape(), plain.shape());
    assert_eq!(named.names(), [U, NH]);
    assert_eq!(plain.names(), [U, U]);

    // Where by-name and by-position differ: [H: 3, W: 3] + [3, 1] is by
    // position (b's 3 meets H), [H: 3, W: 3] + [W: 3, H: 1] by name.
    type S = shape![H: 3, W: 3];
    let s = Tensor::<i64, S>::from_slice(&ints(9, 91)).unwrap();
    let col = Tensor::<i64, shape![3, 1]>::from_slice(&[10, 20, 30]).unwrap();
    let by_pos = &s + &col;
    for h in 0..3 {
        for w in 0..3 {
            assert_eq!(by_pos[[h, w]], s[[h, w]] + 10 * (h as i64 + 1));
        }
    }
    assert_eq!(by_pos.names(), [NH, NW]);
    let wcol = Tensor::<i64, shape![W: 3, H: 1]>::from_slice(&[10, 20, 30]).unwrap();
    let by_name = &s + &wcol;
    for h in 0..3 {
        for w in 0..3 {
            assert_eq!(by_name[[h, w]], s[[h, w]] + 10 * (w as i64 + 1));
        }
    }
    check_pair::<i64, S, shape![3, 1]>(
        &[3, 3],
        &[NH, NW],
        &[3, 1],
        &[U, U],
        &ints(9, 92),
        &ints(3, 93),
    );
    // A name on the smaller unnamed-free side: [4, 1] + [W: 5].
    check_pair::<i64, shape![4, 1], shape![W: 5]>(
        &[4, 1],
        &[U, U],
        &[5],
        &[NW],
        &ints(4, 94),
        &ints(5, 95),
    );
    // Named with a rank-0 tensor.
    check_pair::<i64, shape![2, H: 3], shape![]>(&[2, 3], &[U, NH], &[], &[], &ints(6, 96), &[7]);
}

#[test]
fn mixed_static_and_runtime_operands() {
    type I = shape![2, CHANNEL: 3, H: 2, W: 2];
    let img = Tensor::<i64, I>::from_slice(&ints(24, 97)).unwrap();
    let (id, idn) = ([2, 3, 2, 2], [U, NCHANNEL, NH, NW]);
    let vl = ints(8, 98);

    // Static named + unnamed DynTensor: positional ([2, 2] right-aligned).
    let plain = DynTensor::from_vec(ints(4, 99), &[2, 2]).unwrap();
    let want = binary(
        (&img.to_vec(), &id, &idn),
        (&plain.to_vec(), &[2, 2], &[U, U]),
        |p, q| p + q,
    );
    same_dyn(&(&img + &plain), &want, "static named + unnamed dyn");
    same_dyn(
        &(img.clone() + plain.clone()),
        &want,
        "static named + unnamed dyn (values)",
    );
    let want = binary(
        (&plain.to_vec(), &[2, 2], &[U, U]),
        (&img.to_vec(), &id, &idn),
        |p, q| p - q,
    );
    same_dyn(&(&plain - &img), &want, "unnamed dyn - static named");
    // The seed's lbl unnamed at run time: positional, so it fails (2 vs 3).
    let lbl_plain = DynTensor::from_vec(vl.clone(), &[2, 2, 2]).unwrap();
    assert!(std::panic::catch_unwind(|| &img + &lbl_plain).is_err());

    // Named DynTensor + static named: by name.
    let lbl = DynTensor::from_vec(vl.clone(), &[2, 2, 2])
        .unwrap()
        .with_names([U, NH, NW])
        .unwrap();
    let want = binary(
        (&vl, &[2, 2, 2], &[U, NH, NW]),
        (&img.to_vec(), &id, &idn),
        |p, q| p - q,
    );
    same_dyn(&(&lbl - &img), &want, "named dyn - static named");
    same_dyn(
        &(lbl.clone() - img.clone()),
        &want,
        "named dyn - static named (values)",
    );
    let want = binary(
        (&img.to_vec(), &id, &idn),
        (&vl, &[2, 2, 2], &[U, NH, NW]),
        |p, q| p + q,
    );
    same_dyn(&(&img + &lbl), &want, "static named + named dyn");
    // Permuted runtime names.
    let wh = DynTensor::from_vec(ints(4, 100), &[2, 2])
        .unwrap()
        .with_names([NW, NH])
        .unwrap();
    let want = binary(
        (&img.to_vec(), &id, &idn),
        (&wh.to_vec(), &[2, 2], &[NW, NH]),
        |p, q| p * q,
    );
    same_dyn(&(&img * &wh), &want, "static named * permuted named dyn");
    // Named DynTensor + static unnamed: positional, names kept.
    let u = Tensor::<i64, shape![2, 1]>::from_slice(&[5, 6]).unwrap();
    let want = binary(
        (&wh.to_vec(), &[2, 2], &[NW, NH]),
        (&u.to_vec(), &[2, 1], &[U, U]),
        |p, q| p + q,
    );
    same_dyn(&(&wh + &u), &want, "named dyn + static unnamed");
    // A name missing from x at run time: a panic (try_ form: error).
    let bad = DynTensor::from_vec(vec![1, 2], &[2])
        .unwrap()
        .with_names([NC])
        .unwrap();
    assert!(std::panic::catch_unwind(|| &img + &bad).is_err());
    let e = img.clone().into_dyn().try_add(&bad).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::NoMatch);
}

// ---------------------------------------------------------------------------
// 7. The *_into functions; Display.
// ---------------------------------------------------------------------------

#[test]
fn into_functions_by_name() {
    type A = shape![2, C: 3, H: 4];
    type B = shape![H: 4, C: 1];
    let a = Tensor::<i64, A>::from_slice(&ints(24, 101)).unwrap();
    let b = Tensor::<i64, B>::from_slice(&ints(4, 102)).unwrap();
    let (sa, sb) = (
        (&a.to_vec()[..], &[2usize, 3, 4][..], &[U, NC, NH][..]),
        (&b.to_vec()[..], &[4usize, 1][..], &[NH, NC][..]),
    );
    let mut out = Tensor::<i64, A>::full(-1);
    add_into(&a, &b, &mut out);
    same(&out, &binary(sa, sb, |p, q| p + q), "add_into");
    add_into(&b, &a, &mut out);
    same(&out, &binary(sb, sa, |p, q| p + q), "add_into(b, a)");
    sub_into(&b, &a, &mut out);
    same(&out, &binary(sb, sa, |p, q| p - q), "sub_into(b, a)");
    try_add_into(&a, &b, &mut out).unwrap();
    same(&out, &binary(sa, sb, |p, q| p + q), "try_add_into");
    try_sub_into(&b, &a, &mut out).unwrap();
    same(&out, &binary(sb, sa, |p, q| p - q), "try_sub_into(b, a)");
    // Into a DynTensor, and from DynTensor operands.
    let mut d = DynTensor::<i64>::zeros(&[2, 3, 4]);
    try_sub_into(&a, &b, &mut d).unwrap();
    same_values_dyn(&d, &binary(sa, sb, |p, q| p - q), "try_sub_into (dyn out)");
    let mut d = DynTensor::<i64>::zeros(&[2, 3, 4]);
    try_add_into(&b.clone().into_dyn(), &a, &mut d).unwrap();
    same_values_dyn(
        &d,
        &binary(sb, sa, |p, q| p + q),
        "try_add_into (dyn b, static a)",
    );
    // A wrong output shape: Mismatch, out unchanged.
    let mut wrong = DynTensor::<i64>::full(&[4, 3, 2], 9);
    let e = try_add_into(&a, &b, &mut wrong).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Mismatch);
    assert_eq!(wrong.to_vec(), vec![9; 24]);
}

#[test]
fn display_of_named_static_tensor() {
    let t = Tensor::<i32, shape![2, H: 2, W: 3]>::arange();
    let s = t.to_string();
    assert!(s.ends_with("names=(None, 'H', 'W'))"), "{s}");
    let d = DynTensor::from_vec((0..12).collect::<Vec<i32>>(), &[2, 2, 3])
        .unwrap()
        .with_names([U, NH, NW])
        .unwrap();
    assert_eq!(s, d.to_string());
    assert_eq!(
        s,
        "tensor([[[ 0,  1,  2],\n         [ 3,  4,  5]],\n\n        [[ 6,  7,  8],\n         [ 9, 10, 11]]], names=(None, 'H', 'W'))"
    );
    // The unnamed tensor has no suffix, and the rest is the same.
    let plain = Tensor::<i32, shape![2, 2, 3]>::arange().to_string();
    assert_eq!(
        format!(
            "{}, names=(None, 'H', 'W'))",
            plain.strip_suffix(')').unwrap()
        ),
        s
    );
    // One name: Python's one-element tuple.
    let c = Tensor::<f64, shape![C: 3]>::from_slice(&[0.5, 1.0, 2.0]).unwrap();
    assert_eq!(
        c.to_string(),
        "tensor([0.5000, 1.0000, 2.0000], names=('C',))"
    );
    assert_eq!(
        c.to_string(),
        DynTensor::from_vec(vec![0.5, 1.0, 2.0], &[3])
            .unwrap()
            .with_names([NC])
            .unwrap()
            .to_string()
    );
    // The result of a by-name broadcast prints as the runtime result does.
    let img = Tensor::<i32, shape![1, CHANNEL: 2, H: 2, W: 2]>::zeros();
    let lbl = Tensor::<i32, shape![1, H: 2, W: 2]>::arange();
    let r = &img + &lbl;
    let rd = img.into_dyn().try_add(&lbl.into_dyn()).unwrap();
    assert_eq!(r.to_string(), rd.to_string());
    assert!(
        r.to_string()
            .ends_with("names=(None, 'CHANNEL', 'H', 'W'))")
    );
    // Debug shows the names.
    assert!(format!("{r:?}").contains("CHANNEL"), "{r:?}");
}

// ---------------------------------------------------------------------------
// 8. Property tests: random elements on fixed named shape pairs.
// ---------------------------------------------------------------------------

macro_rules! prop_pair {
    ($name:ident, $A:ty, $ad:expr, $an:expr, $B:ty, $bd:expr, $bn:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(
                va in vec(-30i64..30, numel(&$ad)),
                vb in vec(-30i64..30, numel(&$bd)),
            ) {
                check_pair::<i64, $A, $B>(&$ad, &$an, &$bd, &$bn, &va, &vb);
            }
        }
    };
}

macro_rules! prop_assign {
    ($name:ident, $A:ty, $ad:expr, $an:expr, $B:ty, $bd:expr, $bn:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(
                va in vec(-30i64..30, numel(&$ad)),
                vb in vec(-30i64..30, numel(&$bd)),
            ) {
                check_assign::<i64, $A, $B>(&$ad, &$an, &$bd, &$bn, &va, &vb);
            }
        }
    };
}

prop_pair!(
    prop_img_lbl,
    shape![2, CHANNEL: 3, H: 2, W: 3],
    [2, 3, 2, 3],
    [U, NCHANNEL, NH, NW],
    shape![2, H: 2, W: 3],
    [2, 2, 3],
    [U, NH, NW]
);
prop_pair!(
    prop_prob_truth,
    shape![3, CLASS: 2, H: 2, W: 2],
    [3, 2, 2, 2],
    [U, NCLASS, NH, NW],
    shape![3, H: 2, W: 2],
    [3, 2, 2],
    [U, NH, NW]
);
prop_pair!(
    prop_pred_truth,
    shape![2, SCALE1: 1, SCALE2: 2, SCALE3: 3, H: 2, W: 2],
    [2, 1, 2, 3, 2, 2],
    [U, NS1, NS2, NS3, NH, NW],
    shape![2, H: 2, W: 2],
    [2, 2, 2],
    [U, NH, NW]
);
prop_pair!(
    prop_pred_permuted,
    shape![2, SCALE1: 1, SCALE2: 2, SCALE3: 3, H: 2, W: 2],
    [2, 1, 2, 3, 2, 2],
    [U, NS1, NS2, NS3, NH, NW],
    shape![W: 2, SCALE1: 4, H: 1, SCALE3: 3],
    [2, 4, 1, 3],
    [NW, NS1, NH, NS3]
);
prop_pair!(
    prop_hw_wh,
    shape![H: 4, W: 5],
    [4, 5],
    [NH, NW],
    shape![W: 5, H: 1],
    [5, 1],
    [NW, NH]
);
prop_pair!(
    prop_chw_hc,
    shape![2, C: 3, H: 4],
    [2, 3, 4],
    [U, NC, NH],
    shape![H: 4, C: 1],
    [4, 1],
    [NH, NC]
);
prop_pair!(
    prop_size1_in_x,
    shape![2, H: 1, W: 5],
    [2, 1, 5],
    [U, NH, NW],
    shape![W: 5, H: 4],
    [5, 4],
    [NW, NH]
);
prop_pair!(
    prop_equal_rank,
    shape![2, H: 3, W: 4],
    [2, 3, 4],
    [U, NH, NW],
    shape![W: 1, 2, H: 3],
    [1, 2, 3],
    [NW, U, NH]
);
prop_pair!(
    prop_unnamed_across,
    shape![3, H: 2, 4, W: 3],
    [3, 2, 4, 3],
    [U, NH, U, NW],
    shape![1, W: 3, 4],
    [1, 3, 4],
    [U, NW, U]
);
prop_pair!(
    prop_one_side_named,
    shape![H: 3, W: 3],
    [3, 3],
    [NH, NW],
    shape![3, 1],
    [3, 1],
    [U, U]
);
prop_assign!(
    prop_assign_img_lbl,
    shape![2, CHANNEL: 3, H: 2, W: 3],
    [2, 3, 2, 3],
    [U, NCHANNEL, NH, NW],
    shape![2, H: 2, W: 3],
    [2, 2, 3],
    [U, NH, NW]
);
prop_assign!(
    prop_assign_permuted,
    shape![2, C: 3, H: 4],
    [2, 3, 4],
    [U, NC, NH],
    shape![H: 4, C: 1],
    [4, 1],
    [NH, NC]
);
prop_assign!(
    prop_assign_equal_rank,
    shape![2, H: 3, W: 4],
    [2, 3, 4],
    [U, NH, NW],
    shape![W: 1, 2, H: 3],
    [1, 2, 3],
    [NW, U, NH]
);
prop_assign!(
    prop_assign_hw_wh,
    shape![H: 4, W: 5],
    [4, 5],
    [NH, NW],
    shape![W: 5, H: 4],
    [5, 4],
    [NW, NH]
);

// ---------------------------------------------------------------------------
// Heap storage, `Big` dimensions and `Dyn` dimensions with names.
// ---------------------------------------------------------------------------

#[test]
fn heap_storage_and_big_dims_by_name() {
    // 4 * 3 * 16 * 24 = 4608 elements: stored on the heap.
    type I = shape![4, CHANNEL: 3, H: 16, W: 24];
    type L = shape![W: 24, 4, H: 16];
    let (id, idn) = ([4, 3, 16, 24], [U, NCHANNEL, NH, NW]);
    let (ld, ldn) = ([24, 4, 16], [NW, U, NH]);
    check_pair::<i64, I, L>(&id, &idn, &ld, &ldn, &ints(4608, 104), &ints(1536, 105));
    check_assign::<i64, I, L>(&id, &idn, &ld, &ldn, &ints(4608, 106), &ints(1536, 107));
    // A `Big` named dimension (over 1024), and a size-1 named dimension
    // in x meeting it.
    type A = shape![2, W: 1, H: 3];
    type B = shape![H: 3, W: 1100];
    let _: PhantomData<shape![2, W: 1100, H: 3]> = PhantomData::<Broadcast<A, B>>;
    let _: PhantomData<shape![2, W: 1100, H: 3]> = PhantomData::<Broadcast<B, A>>;
    check_pair::<i64, A, B>(
        &[2, 1, 3],
        &[U, NW, NH],
        &[3, 1100],
        &[NH, NW],
        &ints(6, 108),
        &ints(3300, 109),
    );
    check_assign::<i64, shape![2, W: 1100, H: 3], B>(
        &[2, 1100, 3],
        &[U, NW, NH],
        &[3, 1100],
        &[NH, NW],
        &ints(6600, 110),
        &ints(3300, 111),
    );
}

#[test]
fn dyn_dimension_with_names() {
    use shaped::Dyn;
    type M = shape![Dyn, H: 3, W: 2];
    type B = shape![W: 2, H: 3];
    let va = ints(12, 112);
    let vb = ints(6, 113);
    let a = Tensor::<i64, M>::from_vec(va.clone(), &[2]).unwrap();
    let b = Tensor::<i64, B>::from_slice(&vb).unwrap();
    assert_eq!(a.names(), [U, NH, NW]);
    let (sa, sb) = (
        (&va[..], &[2usize, 3, 2][..], &[U, NH, NW][..]),
        (&vb[..], &[2usize, 3][..], &[NW, NH][..]),
    );
    let r: Tensor<i64, M> = &a + &b;
    same(&r, &binary(sa, sb, |p, q| p + q), "mixed + static by name");
    let r: Tensor<i64, M> = &b - &a;
    same(&r, &binary(sb, sa, |p, q| p - q), "static - mixed by name");
    let mut c = a.clone();
    c -= &b;
    same(
        &c,
        &reference(
            &va,
            &[2, 3, 2],
            &[U, NH, NW],
            &vb,
            &[2, 3],
            &[NW, NH],
            true,
            |p, q| p - q,
        )
        .unwrap(),
        "mixed -= static by name",
    );
    same_dyn(
        &a.clone().into_dyn(),
        &Expect {
            dims: vec![2, 3, 2],
            names: vec![U, NH, NW],
            data: va.clone(),
        },
        "mixed into_dyn",
    );
}

/// Names declared in another module with the same text are the same name
/// (the `dim_names!` documentation).
mod elsewhere {
    shaped::dim_names!(pub H);
}

#[test]
fn same_name_text_from_another_module() {
    use elsewhere::H as H2;
    type A = shape![2, H: 3];
    type B = shape![H2: 3, 1];
    let _: PhantomData<A> = PhantomData::<Broadcast<A, B>>;
    // Equal ranks: x is the left operand, so b + a has b's order (and name type).
    let _: PhantomData<shape![H2: 3, 2]> = PhantomData::<Broadcast<B, A>>;
    check_pair::<i64, A, B>(
        &[2, 3],
        &[U, NH],
        &[3, 1],
        &[NH, U],
        &ints(6, 114),
        &ints(3, 115),
    );
    let a = Tensor::<i32, A>::arange();
    let b = Tensor::<i32, B>::from_slice(&[10, 20, 30]).unwrap();
    assert_eq!((&a + &b).to_vec(), [10, 21, 32, 13, 24, 35]);
}

/// A tensor with a `Dyn` dimension and names prints as the static and
/// runtime ones do, with the `names=` suffix.
#[test]
fn display_of_named_mixed_tensor() {
    use shaped::Dyn;
    let m = Tensor::<i32, shape![Dyn, H: 2]>::from_vec(vec![1, 2], &[1]).unwrap();
    assert_eq!(m.names(), [U, NH]);
    let d = DynTensor::from_vec(vec![1, 2], &[1, 2])
        .unwrap()
        .with_names([U, NH])
        .unwrap();
    let s = Tensor::<i32, shape![1, H: 2]>::from_slice(&[1, 2]).unwrap();
    assert_eq!(s.to_string(), "tensor([[1, 2]], names=(None, 'H'))");
    assert_eq!(d.to_string(), s.to_string());
    assert_eq!(m.clone().into_dyn().to_string(), s.to_string());
    assert_eq!(
        m.to_string(),
        s.to_string(),
        "Display of a named shape![Dyn, H: 2] tensor"
    );
}

/// The flag broadcasting picks its rule by (`AnyNamed`, one step per
/// dimension) agrees with `Shape::Named` wherever the name stands, for
/// every kind of unnamed dimension around it.
#[test]
fn any_named_agrees_with_shape_named() {
    use shaped::shape::broadcast::AnyNamed;
    use typenum::Bit;
    fn agree<S: Shape + AnyNamed<Out: Bit>>() {
        assert_eq!(<S::Out as Bit>::BOOL, S::NAMED, "{:?}", S::NAMES);
    }
    agree::<shape![]>();
    agree::<shape![1, 3, 2048]>();
    agree::<shape![H: 4, 1, 3]>();
    agree::<shape![1, W: 4, 3]>();
    agree::<shape![2048, 1, C: 3]>();
    agree::<shape![H: 2, W: 3]>();
}
