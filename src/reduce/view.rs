//! Reductions of views (stamped with every kind's in
//! [`family`](super::family)): `sum` and `mean` of every element read where the
//! view lies, whatever its layout (a contiguous view as a slice, any other
//! through its strides, a block of the pairwise sum at a time), and the
//! reductions over axes (`sum_dims`, `mean_dims`, `max_dims`, `min_dims`,
//! `var_dims`, `std_dims`, `argmax`, `argmin`), which read the elements
//! where they lie whenever the reduced axes can be walked as one stride
//! (a slice of rows or of columns, a row of a batch, the columns of a
//! transpose, ...) and otherwise run on a contiguous copy. The results'
//! shapes, names and errors are those of the same reduction of a tensor
//! holding the view's elements.
//!
//! Elements are read in memory order, as NumPy reads them (`order='K'`):
//! the sum of a transposed matrix walks its rows of memory, not its
//! columns. Integer results and `max`/`min` are exact whatever the order.
//! A float sum is pairwise either way, within `n * eps * sum(|x|)` of the
//! exact sum (in practice `O(log n) * eps`), but the rounding depends on
//! the layout: a permuted view can differ from its contiguous copy in the
//! last bits, as in NumPy; a view whose axes are in memory order (a slice)
//! gives the copy's bits.
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1e8f32, 1.0, -1e8, 1.0], &[2, 2]).unwrap();
//! assert_eq!(t.t().sum(), 1.0); // 1e8 + 1 + -1e8 + 1, NumPy's `t.T.sum()`
//! assert_eq!(t.t().to_owned().sum(), 2.0); // 1e8 + -1e8 + 1 + 1
//! ```
