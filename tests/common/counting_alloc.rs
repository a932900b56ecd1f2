//! A counting global allocator for the tests that check allocations:
//! `#[path = "common/counting_alloc.rs"] mod counting_alloc;` installs it.
//!
//! It wraps `System`. Counting is switched on only inside [`count_allocs`],
//! and only for the current thread, so that the test harness (other
//! threads, output capture) is never counted. Inside [`refusing_above`] it
//! also refuses (returns null for) every allocation larger than a limit on
//! the current thread, as an allocator out of memory does, whatever the
//! machine's overcommit policy would have granted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
    static LIMIT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Whether an allocation of `size` bytes is refused on this thread.
fn refused(size: usize) -> bool {
    LIMIT.try_with(|l| size > l.get()).unwrap_or(false)
}

fn note_alloc() {
    // `try_with`: the thread-locals may already be gone while a thread exits.
    let _ = MEASURING.try_with(|m| {
        if m.get() {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    });
}

// SAFETY: every call is forwarded unchanged to `System` or, for a refused
// size, answered with null (which `GlobalAlloc` allows: the caller sees an
// allocation failure; a refused `realloc` leaves the old block as it was);
// the bookkeeping only touches const-initialised thread-locals without
// destructors, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_alloc();
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_alloc();
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_alloc();
        if refused(new_size) {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns its result with the number of allocations (including
/// reallocations) it made on this thread.
#[allow(dead_code)] // not every test binary that installs the allocator uses it
pub fn count_allocs<R>(f: impl FnOnce() -> R) -> (usize, R) {
    COUNT.with(|c| c.set(0));
    MEASURING.with(|m| m.set(true));
    let r = f();
    MEASURING.with(|m| m.set(false));
    (COUNT.with(|c| c.get()), r)
}

/// Runs `f` with every allocation of more than `limit` bytes on this thread
/// refused, and returns its result.
#[allow(dead_code)] // not every test binary that installs the allocator uses it
pub fn refusing_above<R>(limit: usize, f: impl FnOnce() -> R) -> R {
    let old = LIMIT.with(|l| l.replace(limit));
    // Restored even if `f` panics, so that the harness can report it.
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            let _ = LIMIT.try_with(|l| l.set(self.0));
        }
    }
    let _restore = Restore(old);
    f()
}
