//! Bitwise operators on integer tensors and logical functions on masks,
//! against NumPy's values, with broadcasting on every layout.

// The reference forms of the operators are under test.
#![allow(clippy::op_ref)]

use shaped::{Dyn, DynTensor, Tensor, shape};

#[test]
fn bitwise_operators_match_numpy() {
    let a = DynTensor::from_vec(vec![12i32, -1, 0, i32::MIN], &[4, 1]).unwrap();
    let b = DynTensor::from_vec(vec![10i32, 3], &[2]).unwrap();
    // numpy.bitwise_and(a, b) etc., broadcast to (4, 2)
    assert_eq!((&a & &b).to_vec(), vec![8, 0, 10, 3, 0, 0, 0, 0]);
    assert_eq!(
        (&a | &b).to_vec(),
        vec![14, 15, -1, -1, 10, 3, i32::MIN + 10, i32::MIN + 3]
    );
    assert_eq!(
        (&a ^ &b).to_vec(),
        vec![6, 15, -11, -4, 10, 3, i32::MIN + 10, i32::MIN + 3]
    );
    assert_eq!((!&a).to_vec(), vec![-13, 0, -1, i32::MAX]);
    assert_eq!((a.clone() & b.clone()).shape(), &[4, 2]);
    assert!(a.try_bitwise_or(&DynTensor::zeros(&[3, 2])).is_err());
    let e = DynTensor::<u8>::zeros(&[0]);
    assert_eq!((&e ^ &DynTensor::scalar(1u8)).shape(), &[0]);
}

#[test]
fn shifts_match_numpy_and_define_the_edges() {
    let a = DynTensor::from_vec(vec![1i8, -128, 64, -1], &[4]).unwrap();
    let s = DynTensor::from_vec(vec![7i8, 1, 1, 3], &[4]).unwrap();
    // numpy.left_shift(int8) wraps: 1 << 7 = -128, -128 << 1 = 0, 64 << 1 = -128
    assert_eq!((&a << &s).to_vec(), vec![-128, 0, -128, -8]);
    // arithmetic right shift for signed types
    assert_eq!((&a >> &s).to_vec(), vec![0, -64, 32, -1]);
    let wide = DynTensor::from_vec(vec![8i8, 100, -1], &[3]).unwrap();
    let one = DynTensor::from_vec(vec![5i8, -5, 9], &[3]).unwrap();
    // Past the width or negative: 0, or -1 for a negative number shifted right.
    assert_eq!((&one << &wide).to_vec(), vec![0, 0, 0]);
    assert_eq!((&one >> &wide).to_vec(), vec![0, -1, 0]);
    let u = Tensor::<u32, shape![2]>::from_slice(&[u32::MAX, 1]).unwrap();
    let k = Tensor::<u32, shape![]>::full(31);
    assert_eq!((&u >> &k).as_slice(), &[1, 0]);
    assert_eq!((&u << &k).as_slice(), &[1 << 31, 1 << 31]);
}

#[test]
fn bitwise_on_static_and_mixed_layouts() {
    let a = Tensor::<u16, shape![2, 1]>::from_slice(&[0xff00, 0x0ff0]).unwrap();
    let b = Tensor::<u16, shape![3]>::from_slice(&[0x00ff, 0xffff, 0]).unwrap();
    let c: Tensor<u16, shape![2, 3]> = &a | &b;
    assert_eq!(
        c.as_slice(),
        &[0xffff, 0xffff, 0xff00, 0x0fff, 0xffff, 0x0ff0]
    );
    let d: Tensor<u16, shape![2, 3]> = a & b; // small static tensors are Copy
    assert_eq!(d.as_slice(), &[0, 0xff00, 0, 0x00f0, 0x0ff0, 0]);
    assert_eq!((!a).as_slice(), &[0x00ff, 0xf00f]);
    let m = Tensor::<i64, shape![Dyn]>::from_vec(vec![1, 2, 3], &[3]).unwrap();
    let n = Tensor::<i64, shape![Dyn]>::from_vec(vec![1, 1], &[2]).unwrap();
    assert!(m.try_bitwise_xor(&n).is_err());
    assert_eq!(
        m.try_bitwise_left_shift(&m).unwrap().to_vec(),
        vec![2, 8, 24]
    );
}

#[test]
fn logical_functions_on_masks() {
    let a = DynTensor::from_bools(vec![true, false], &[2, 1]).unwrap();
    let b = DynTensor::from_bools(vec![true, false, true], &[3]).unwrap();
    assert_eq!(
        a.logical_and(&b).to_vec(),
        vec![true, false, true, false, false, false]
    );
    assert_eq!(
        a.logical_or(&b).to_vec(),
        vec![true, true, true, true, false, true]
    );
    assert_eq!(
        a.logical_xor(&b).to_vec(),
        vec![false, true, false, true, false, true]
    );
    assert_eq!(a.logical_not().to_vec(), vec![false, true]);
    assert!(
        b.try_logical_and(&DynTensor::from_bools(vec![true; 2], &[2]).unwrap())
            .is_err()
    );
    let x = Tensor::<f32, shape![Dyn, 3]>::from_vec(
        vec![1.0, f32::NAN, -1.0, 0.0, 2.0, f32::INFINITY],
        &[2],
    )
    .unwrap();
    let bad = x.isnan().logical_or(&x.isinf());
    assert_eq!(bad.to_vec(), vec![false, true, false, false, false, true]);
    assert_eq!(bad.logical_not().count(), 4);
    let s = Tensor::<i32, shape![3]>::arange().gt(&Tensor::<i32, shape![]>::zeros());
    let t = Tensor::<i32, shape![2, 1]>::arange().eq_elem(&Tensor::<i32, shape![]>::zeros());
    let u = s.logical_and(&t);
    assert_eq!(u.shape().as_slice(), &[2, 3]);
    assert_eq!(u.to_vec(), vec![false, true, true, false, false, false]);
}

#[test]
fn scalar_operands_match_numpy() {
    let a = DynTensor::from_vec(vec![12i32, -1, 0, i32::MIN], &[4]).unwrap();
    // numpy: a & 3, a | 5, a ^ 1, a << 2, a >> 1 (int32)
    assert_eq!((&a & 3).to_vec(), vec![0, 3, 0, 0]);
    assert_eq!((&a | 5).to_vec(), vec![13, -1, 5, i32::MIN + 5]);
    assert_eq!((&a ^ 1).to_vec(), vec![13, -2, 1, i32::MIN + 1]);
    assert_eq!((&a << 2).to_vec(), vec![48, -4, 0, 0]);
    assert_eq!((&a >> 1).to_vec(), vec![6, -1, 0, -1_073_741_824]);
    assert_eq!((a.clone() ^ -1).to_vec(), (!&a).to_vec());
    // The scalar on the left: numpy.left_shift(1, [0, 3, 31]) and friends.
    let k = DynTensor::from_vec(vec![0i32, 3, 31], &[3]).unwrap();
    assert_eq!((1 << &k).to_vec(), vec![1, 8, i32::MIN]);
    assert_eq!((6 & a.clone()).to_vec(), vec![4, 6, 0, 0]);
    assert_eq!((-100 >> &k).to_vec(), vec![-100, -13, -1]);
    // The tensor-shift rule for amounts past the width or negative.
    assert_eq!((&a << 32).to_vec(), vec![0; 4]);
    assert_eq!((&a >> 32).to_vec(), vec![0, -1, 0, -1]);
    assert_eq!((&a << -1).to_vec(), vec![0; 4]);
    assert_eq!(
        (100i32 >> &DynTensor::from_vec(vec![2, 40], &[2]).unwrap()).to_vec(),
        vec![25, 0]
    );
    // Static, mixed, rank 0, size 0.
    let u = Tensor::<u8, shape![3]>::from_slice(&[0xff, 0x81, 0]).unwrap();
    assert_eq!((&u >> 8).as_slice(), &[0, 0, 0]);
    assert_eq!((&u >> 7).as_slice(), &[1, 1, 0]);
    assert_eq!((u | 0x10).as_slice(), &[0xff, 0x91, 0x10]);
    assert_eq!((0x0fu8 & &u).as_slice(), &[0x0f, 0x01, 0]);
    assert_eq!((Tensor::<u8, shape![]>::full(5) ^ 1).as_slice(), &[4]);
    let m = Tensor::<i64, shape![Dyn, 2]>::from_vec(vec![1, 2, 3, 4], &[2]).unwrap();
    assert_eq!((3i64 << &m).to_vec(), vec![6, 12, 24, 48]);
    assert_eq!((m ^ 7).to_vec(), vec![6, 5, 4, 3]);
    assert_eq!((DynTensor::<u16>::zeros(&[0, 3]) << 3).shape(), &[0, 3]);
}

#[test]
fn in_place_forms_broadcast_as_plus_assign() {
    // Static: the right side broadcasts to the left's shape.
    let mut s = Tensor::<u16, shape![2, 3]>::from_slice(&[1, 2, 3, 4, 5, 6]).unwrap();
    s ^= Tensor::<u16, shape![3]>::from_slice(&[1, 1, 0]).unwrap();
    assert_eq!(s.as_slice(), &[0, 3, 3, 5, 4, 6]);
    s <<= &Tensor::<u16, shape![2, 1]>::from_slice(&[1, 15]).unwrap();
    assert_eq!(s.as_slice(), &[0, 6, 6, 1 << 15, 0, 0]);
    s |= 1;
    s >>= 1;
    assert_eq!(s.as_slice(), &[0, 3, 3, 1 << 14, 0, 0]);
    s &= 2;
    assert_eq!(s.as_slice(), &[0, 2, 2, 0, 0, 0]);
    // Mixed: a `Dyn` size checked at run time, `self` unchanged on error.
    let mut m = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![-8, 8, 5, 6], &[2]).unwrap();
    m >>= &Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    assert_eq!(m.to_vec(), vec![-4, 2, 2, 1]);
    m.try_bitwise_or_assign(&Tensor::<i32, shape![Dyn, 1]>::from_vec(vec![1, 16], &[2]).unwrap())
        .unwrap();
    assert_eq!(m.to_vec(), vec![-3, 3, 18, 17]);
    let three = Tensor::<i32, shape![Dyn, 1]>::from_vec(vec![1, 2, 3], &[3]).unwrap();
    let e = m.try_bitwise_and_assign(&three).unwrap_err();
    assert_eq!(
        e.to_string(),
        m.clone().try_add_assign(&three).unwrap_err().to_string()
    );
    assert_eq!(m.to_vec(), vec![-3, 3, 18, 17]);
    // Runtime.
    let mut d = DynTensor::from_vec(vec![1u32, 2, 3, 4, 5, 6], &[3, 2]).unwrap();
    d <<= &DynTensor::from_vec(vec![0u32, 4], &[2]).unwrap();
    assert_eq!(d.to_vec(), vec![1, 32, 3, 64, 5, 96]);
    d &= DynTensor::scalar(0x21u32);
    assert_eq!(d.to_vec(), vec![1, 32, 1, 0, 1, 32]);
    d ^= 1;
    d |= 4;
    assert_eq!(d.to_vec(), vec![4, 37, 4, 5, 4, 37]);
    d >>= 40; // past the width: 0
    assert_eq!(d.to_vec(), vec![0; 6]);
    let before = d.clone();
    // PyTorch: a result of [3, 2] cannot be written in place into [3, 2]
    // from [2, 2]; the same message as `+=`.
    let wrong = DynTensor::zeros(&[2, 2]);
    let e = d.try_bitwise_xor_assign(&wrong).unwrap_err();
    assert_eq!(
        e.to_string(),
        d.clone().try_add_assign(&wrong).unwrap_err().to_string()
    );
    assert_eq!(d, before);
    // A result larger than `self` is refused, as by `+=`.
    assert!(
        DynTensor::<u8>::zeros(&[2])
            .try_bitwise_left_shift_assign(&DynTensor::zeros(&[3, 2]))
            .is_err()
    );
    let mut empty = DynTensor::<i8>::zeros(&[0]);
    empty ^= &DynTensor::scalar(1);
    assert_eq!(empty.shape(), &[0]);
}
