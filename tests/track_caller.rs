//! Panics point at the caller's line (`#[track_caller]` through the whole
//! chain), as `Option::unwrap` does, and carry PyTorch's message.

use shaped::{Axis, Dyn, DynTensor, Tensor, add_into, shape};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;

/// Where the last panic was reported, and its message.
static LAST: Mutex<Option<(String, u32, String)>> = Mutex::new(None);

/// Runs `f`, which must panic, and returns the file, line and message the
/// panic reported.
fn panic_site<R>(f: impl FnOnce() -> R) -> (String, u32, String) {
    let r = panic::catch_unwind(AssertUnwindSafe(|| {
        std::hint::black_box(f());
    }));
    assert!(r.is_err(), "expected a panic");
    LAST.lock().unwrap().take().expect("the hook saw the panic")
}

// One test, so that the panic hook (process-wide) is set once and no other
// test's panics interleave.
#[test]
fn panics_report_the_callers_line() {
    panic::set_hook(Box::new(|info| {
        let loc = info.location().unwrap();
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        eprintln!("panic at {}:{}: {msg}", loc.file(), loc.line());
        *LAST.lock().unwrap() = Some((loc.file().to_string(), loc.line(), msg));
    }));
    let here = file!();

    let a = DynTensor::<f32>::zeros(&[4, 3]);
    let b = DynTensor::<f32>::zeros(&[4, 2]);
    let (file, line, msg) = panic_site(|| &a + &b);
    assert_eq!((file.as_str(), line), (here, line!() - 1));
    assert!(msg.starts_with("The size of tensor a (3) must match the size of tensor b (2)"));

    let (file, line, _) = panic_site(|| {
        let mut c = a.clone();
        c += &b;
    });
    assert_eq!((file.as_str(), line), (here, line!() - 2));

    let (file, line, msg) = panic_site(|| a[[5, 0]]);
    assert_eq!((file.as_str(), line), (here, line!() - 1));
    assert_eq!(msg, "index 5 is out of bounds for dimension 0 with size 4");

    let s = Tensor::<f32, shape![4, 3]>::zeros();
    let (file, line, msg) = panic_site(|| s[[0, 3]]);
    assert_eq!((file.as_str(), line), (here, line!() - 1));
    assert_eq!(msg, "index 3 is out of bounds for dimension 1 with size 3");

    let x = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
    let y = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[5]);
    let (file, line, _) = panic_site(|| &x + &y);
    assert_eq!((file.as_str(), line), (here, line!() - 1));
    let (file, line, _) = panic_site(|| {
        let mut out = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
        add_into(&x, &y, &mut out);
    });
    assert_eq!((file.as_str(), line), (here, line!() - 2));
    let (file, line, _) = panic_site(|| Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[1, 2]));
    assert_eq!((file.as_str(), line), (here, line!() - 1));

    let (file, line, _) = panic_site(|| DynTensor::<f32>::zeros(&[usize::MAX, 2]));
    assert_eq!((file.as_str(), line), (here, line!() - 1));

    let e = Tensor::<f32, shape![0, 3]>::zeros();
    let (file, line, _) = panic_site(|| e.max_over(Axis::<0>));
    assert_eq!((file.as_str(), line), (here, line!() - 1));

    let _ = panic::take_hook();
}
