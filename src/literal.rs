//! The [`tensor!`](crate::tensor!) literal: a static tensor written as
//! nested arrays, its shape read from the nesting.
//!
//! `tensor![[1, 2], [3, 4]]` is a `Tensor<i32, shape![2, 2]>`: the macro
//! counts the elements of each level (of the first element at each depth;
//! the compiler checks that the others match, since the literal is an
//! ordinary nested array) and builds the tensor with
//! [`Tensor::from_fn`](crate::Tensor::from_fn). The element type is the
//! literal's, so it follows Rust's inference (`1.0` is `f64` unless the
//! context says `f32`).

/// A static tensor from a nested array literal; the static shape is
/// inferred from the nesting.
///
/// The brackets of the macro are the outermost axis: `tensor![1, 2, 3]` has
/// shape `[3]`, `tensor![[1, 2, 3]]` shape `[1, 3]`, `tensor![]` shape `[0]`
/// (its element type comes from the context). For a rank-0 tensor use
/// `Tensor::<T, shape![]>::full(x)`. Elements may be any expressions.
///
/// ```
/// use shaped::{shape, tensor, Tensor};
/// let a: Tensor<i32, shape![2, 2]> = tensor![[1, 2], [3, 4]];
/// assert_eq!(a.as_slice(), &[1, 2, 3, 4]);
///
/// let b: Tensor<f32, shape![2, 1, 3]> = tensor![[[0.5, 1.0, 1.5]], [[2.0, 2.5, 3.0]]];
/// assert_eq!(b[[1, 0, 2]], 3.0);
///
/// let c = a + tensor![10, 20];                  // broadcasts as usual
/// assert_eq!(c.as_slice(), &[11, 22, 13, 24]);
/// ```
///
/// Ragged literals do not compile:
///
/// ```compile_fail
/// let t = shaped::tensor![[1, 2], [3]];
/// ```
#[macro_export]
macro_rules! tensor {
    () => {
        $crate::Tensor::<_, $crate::shape![0]>::zeros()
    };
    ($($t:tt)+) => {
        $crate::__tensor_literal!([] [] [$($t)+]; $($t)+)
    };
}

/// The machinery of [`tensor!`]: walks into the first element of each level,
/// collecting the sizes (`$dims`) and one `.as_flattened()` per level below
/// the outermost (`$flat`); then builds the tensor from the literal `$data`.
#[doc(hidden)]
#[macro_export]
macro_rules! __tensor_literal {
    // The elements are arrays: count them, then descend into the first one.
    ([$($dims:expr),*] [$($flat:tt)*] $data:tt; [$($first:tt)*] $(, [$($rest:tt)*])* $(,)?) => {
        $crate::__tensor_literal!(
            [$($dims,)* <[()]>::len(&[() $(, $crate::__tensor_unit!([$($rest)*]))*])]
            [$($flat)* .as_flattened()]
            $data;
            $($first)*
        )
    };
    // The elements are scalars: the innermost axis.
    ([$($dims:expr),*] [$($flat:tt)*] $data:tt; $($x:expr),* $(,)?) => {{
        let data = $data;
        let flat: &[_] = (&data[..])$($flat)*;
        $crate::Tensor::<
            _,
            $crate::shape![$($dims,)* <[()]>::len(&[$($crate::__tensor_unit!($x)),*])],
        >::from_fn(|i| flat[i])
    }};
}

/// `()` for any token tree or expression: counts elements in const context.
#[doc(hidden)]
#[macro_export]
macro_rules! __tensor_unit {
    ($x:tt) => {
        ()
    };
    ($x:expr) => {
        ()
    };
}
