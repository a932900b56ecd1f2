//! The odometer: a multi-index over some axes, innermost last, stepped one
//! position at a time while it carries an element offset into each of `N`
//! operands (the sum of index times stride). The batched matrix product
//! and einsum's strided loops walk their outer axes with it; the innermost
//! run stays a plain loop in the caller, so one step here happens once per
//! run, not once per element.

/// Walks `sizes` (innermost last) with offsets into `N` operands of
/// `strides` (one stride per axis each; 0 where an operand does not move).
pub(crate) struct Odometer<'a, const N: usize> {
    sizes: &'a [usize],
    strides: [&'a [usize]; N],
    /// The multi-index, borrowed so that a caller stepping many odometers
    /// (one per output element) reuses one buffer.
    index: &'a mut [usize],
    /// The current offset into each operand.
    pub offsets: [usize; N],
}

impl<'a, const N: usize> Odometer<'a, N> {
    /// An odometer at position `at` (row-major over `sizes`), with offsets
    /// counted from `base`. `index` holds at least `sizes.len()` entries.
    #[inline]
    pub(crate) fn at(
        sizes: &'a [usize],
        strides: [&'a [usize]; N],
        index: &'a mut [usize],
        base: [usize; N],
        at: usize,
    ) -> Self {
        let index = &mut index[..sizes.len()];
        let strides = strides.map(|s| &s[..sizes.len()]);
        let mut offsets = base;
        let mut rest = at;
        for ax in (0..sizes.len()).rev() {
            index[ax] = if sizes[ax] == 0 { 0 } else { rest % sizes[ax] };
            rest = rest.checked_div(sizes[ax]).unwrap_or(0);
            for (o, s) in offsets.iter_mut().zip(&strides) {
                *o += index[ax] * s[ax];
            }
        }
        Odometer {
            sizes,
            strides,
            index,
            offsets,
        }
    }

    /// An odometer at the first position, offsets `base`.
    #[inline]
    pub(crate) fn new(
        sizes: &'a [usize],
        strides: [&'a [usize]; N],
        index: &'a mut [usize],
        base: [usize; N],
    ) -> Self {
        let index = &mut index[..sizes.len()];
        index.fill(0);
        let strides = strides.map(|s| &s[..sizes.len()]);
        Odometer {
            sizes,
            strides,
            index,
            offsets: base,
        }
    }

    /// Moves to the next position; `false` when it wrapped around to the
    /// first (every position was visited).
    #[inline(always)]
    pub(crate) fn step(&mut self) -> bool {
        let mut ax = self.sizes.len();
        while ax > 0 {
            ax -= 1;
            let i = self.index[ax] + 1;
            if i < self.sizes[ax] {
                self.index[ax] = i;
                for (o, s) in self.offsets.iter_mut().zip(&self.strides) {
                    *o = o.wrapping_add(s[ax]);
                }
                return true;
            }
            // Wrap this axis: back by its `i - 1` steps.
            self.index[ax] = 0;
            for (o, s) in self.offsets.iter_mut().zip(&self.strides) {
                *o = o.wrapping_sub(s[ax].wrapping_mul(i - 1));
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::Odometer;

    /// Every position in row-major order, each offset the dot product of
    /// the index with the strides, and `false` after the last.
    #[test]
    fn visits_every_position_in_order() {
        let sizes = [2, 3, 4];
        let (sa, sb) = ([100, 10, 1], [0, 7, 2]);
        let mut index = [9; 5];
        let mut od = Odometer::new(&sizes, [&sa, &sb], &mut index, [5, 0]);
        let mut seen = 0;
        for i in 0..2 {
            for j in 0..3 {
                for k in 0..4 {
                    assert_eq!(
                        od.offsets,
                        [5 + 100 * i + 10 * j + k, 7 * j + 2 * k],
                        "{i} {j} {k}"
                    );
                    seen += 1;
                    assert_eq!(od.step(), seen < 24);
                }
            }
        }
        assert_eq!(od.offsets, [5, 0]); // back to the start
        // Starting part way: position 13 is (1, 0, 1).
        let mut index = [0; 3];
        let od = Odometer::at(&sizes, [&sa, &sb], &mut index, [0, 1], 13);
        assert_eq!(od.offsets, [101, 3]);
        // No axes: one position.
        let mut none = Odometer::new(&[], [&[]], &mut [], [3]);
        assert_eq!(none.offsets, [3]);
        assert!(!none.step());
    }
}
