//! The `npy` feature against files NumPy wrote (tests/data/make_npy.py; the
//! expected values below are written out by hand from that script).
#![cfg(feature = "npy")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use shaped::interop::npy::{NpyError, load_npy, read_npy, save_npy, write_npy};
use shaped::{Dyn, DynTensor, ShapeError, Tensor, shape};

macro_rules! fixture {
    ($name:literal) => {
        &include_bytes!(concat!("data/npy/", $name))[..]
    };
}

/// Records the largest single allocation made on this thread while
/// measuring, to show that a forged header does not reserve what it claims.
struct Peak;

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = MEASURING.try_with(|m| {
        if m.get() {
            let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
        }
    });
}

// SAFETY: every call goes to `System` unchanged; the bookkeeping touches only
// const-initialised thread-locals without destructors.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

/// `f`'s result and the largest single allocation it made.
fn largest_alloc<R>(f: impl FnOnce() -> R) -> (usize, R) {
    LARGEST.with(|l| l.set(0));
    MEASURING.with(|m| m.set(true));
    let r = f();
    MEASURING.with(|m| m.set(false));
    (LARGEST.with(|l| l.get()), r)
}

fn read_dyn<T>(bytes: &[u8]) -> DynTensor<T>
where
    DynTensor<T>: shaped::interop::npy::NpyTensor,
{
    match read_npy(bytes) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

/// A version 1.0 file with the given header text (padded as NumPy pads it)
/// followed by `data`.
fn npy_with_header(header: &str, data: &[u8]) -> Vec<u8> {
    let mut text = header.to_string();
    while !(10 + text.len() + 1).is_multiple_of(64) {
        text.push(' ');
    }
    text.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend((text.len() as u16).to_le_bytes());
    out.extend(text.bytes());
    out.extend(data);
    out
}

#[test]
fn reads_c_order_floats_in_both_byte_orders() {
    let t: DynTensor<f64> = read_dyn(fixture!("f64_2x3.npy"));
    assert_eq!(t.shape(), &[2, 3]);
    assert_eq!(t.to_vec(), vec![1.5, -2.0, 3.25, 4.0, 5.5, -6.75]);

    let t: DynTensor<f32> = read_dyn(fixture!("f32_be_2x3x2.npy"));
    assert_eq!(t.shape(), &[2, 3, 2]);
    let expected: Vec<f32> = vec![-1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5];
    assert_eq!(t.to_vec(), expected);
    assert_eq!(t.get(&[1, 0, 1]), Some(&2.5));
}

#[test]
fn reads_into_static_and_mixed_tensors() {
    let s: Tensor<f64, shape![2, 3]> = read_npy(fixture!("f64_2x3.npy")).unwrap();
    assert_eq!(s[[0, 2]], 3.25);
    assert_eq!(s[[1, 2]], -6.75);
    let m: Tensor<f64, shape![Dyn, 3]> = read_npy(fixture!("f64_2x3.npy")).unwrap();
    assert_eq!(&*m.shape(), &[2, 3]);
    assert_eq!(m.as_slice(), s.as_slice());
    let r: Tensor<f32, shape![2, 2]> = read_npy(fixture!("f32_2x2.npy")).unwrap();
    assert_eq!(r.as_slice(), &[0.25, -1.0, 3.0, 1e-3]);
}

#[test]
fn fortran_order_is_transposed_into_row_major() {
    let bytes = fixture!("f64_fortran_3x4.npy");
    // The fixture really is column-major on disk: 0, 4, 8, 1, ...
    assert!(
        std::str::from_utf8(&bytes[10..128])
            .unwrap()
            .contains("'fortran_order': True")
    );
    let second = f64::from_le_bytes(bytes[136..144].try_into().unwrap());
    assert_eq!(second, 4.0);
    let t: DynTensor<f64> = read_dyn(bytes);
    assert_eq!(t.shape(), &[3, 4]);
    assert_eq!(t.to_vec(), (0..12).map(f64::from).collect::<Vec<_>>());
    assert_eq!(t.get(&[2, 1]), Some(&9.0));

    // Rank 3, big-endian as well: np.arange(24).reshape(2, 3, 4) in F order.
    let t: Tensor<i32, shape![2, 3, 4]> = read_npy(fixture!("i32_be_fortran_2x3x4.npy")).unwrap();
    assert_eq!(t.as_slice(), (0..24).collect::<Vec<_>>().as_slice());
    assert_eq!(t[[1, 2, 3]], 23);
    assert_eq!(t[[1, 0, 2]], 14);
}

#[test]
fn reads_rank_0_and_empty_arrays() {
    let t: DynTensor<f64> = read_dyn(fixture!("f64_scalar.npy"));
    assert_eq!(t.shape(), &[] as &[usize]);
    assert_eq!(t.to_vec(), vec![3.5]);
    let s: Tensor<f64, shape![]> = read_npy(fixture!("f64_scalar.npy")).unwrap();
    assert_eq!(s.as_slice(), &[3.5]);

    let e: DynTensor<f32> = read_dyn(fixture!("f32_empty_0x3.npy"));
    assert_eq!(e.shape(), &[0, 3]);
    assert_eq!(e.numel(), 0);
}

#[test]
fn reads_every_integer_width_and_booleans() {
    assert_eq!(
        read_dyn::<i8>(fixture!("i8.npy")).to_vec(),
        [-128, -1, 0, 1, 127]
    );
    let i16s = [-32768i16, -2, 3, 32767];
    assert_eq!(read_dyn::<i16>(fixture!("i16.npy")).to_vec(), i16s);
    assert_eq!(read_dyn::<i16>(fixture!("i16_be.npy")).to_vec(), i16s);
    let i32s = read_dyn::<i32>(fixture!("i32.npy"));
    assert_eq!(i32s.shape(), &[2, 2]);
    assert_eq!(i32s.to_vec(), [i32::MIN, 7, -7, i32::MAX]);
    assert_eq!(
        read_dyn::<i64>(fixture!("i64_be.npy")).to_vec(),
        [i64::MIN, -5, 6, i64::MAX]
    );
    assert_eq!(
        read_dyn::<u8>(fixture!("u8.npy")).to_vec(),
        [0, 1, 128, 255]
    );
    assert_eq!(
        read_dyn::<u16>(fixture!("u16_be.npy")).to_vec(),
        [0, 1, 258, 65535]
    );
    assert_eq!(
        read_dyn::<u32>(fixture!("u32.npy")).to_vec(),
        [0, 1, 0x0102_0304, u32::MAX]
    );
    assert_eq!(
        read_dyn::<u64>(fixture!("u64.npy")).to_vec(),
        [0, 1, 1 << 63, u64::MAX]
    );

    let b: DynTensor<bool> = read_npy(fixture!("bool_2x3.npy")).unwrap();
    assert_eq!(b.shape(), &[2, 3]);
    assert_eq!(b.to_vec(), [true, false, false, true, true, false]);
}

#[test]
fn reads_format_versions_2_and_3() {
    for bytes in [fixture!("f64_v2.npy"), fixture!("f64_v3.npy")] {
        let t: Tensor<f64, shape![1, 3]> = read_npy(bytes).unwrap();
        assert_eq!(t.as_slice(), &[1.0, 2.0, 3.0]);
    }
}

#[test]
fn writes_the_bytes_numpy_writes() {
    let mut out = Vec::new();
    let t = DynTensor::from_vec(vec![1.5, -2.0, 3.25, 4.0, 5.5, -6.75], &[2, 3]).unwrap();
    write_npy(&mut out, &t).unwrap();
    assert_eq!(out, fixture!("f64_2x3.npy"));

    let cases: Vec<(Vec<u8>, &[u8])> = vec![
        (
            bytes_of(&Tensor::<f32, shape![2, 2]>::from_slice(&[0.25, -1.0, 3.0, 1e-3]).unwrap()),
            fixture!("f32_2x2.npy"),
        ),
        (
            bytes_of(&DynTensor::scalar(3.5f64)),
            fixture!("f64_scalar.npy"),
        ),
        (
            bytes_of(&DynTensor::<f32>::zeros(&[0, 3])),
            fixture!("f32_empty_0x3.npy"),
        ),
        (
            bytes_of(&DynTensor::from_vec(vec![-128i8, -1, 0, 1, 127], &[5]).unwrap()),
            fixture!("i8.npy"),
        ),
        (
            bytes_of(&DynTensor::from_vec(vec![-32768i16, -2, 3, 32767], &[4]).unwrap()),
            fixture!("i16.npy"),
        ),
        (
            bytes_of(&DynTensor::from_vec(vec![i32::MIN, 7, -7, i32::MAX], &[2, 2]).unwrap()),
            fixture!("i32.npy"),
        ),
        (
            bytes_of(&DynTensor::from_vec(vec![0u8, 1, 128, 255], &[4]).unwrap()),
            fixture!("u8.npy"),
        ),
        (
            bytes_of(&DynTensor::from_vec(vec![0, 1, 0x0102_0304u32, u32::MAX], &[4]).unwrap()),
            fixture!("u32.npy"),
        ),
        (
            bytes_of(&DynTensor::from_vec(vec![0, 1, 1u64 << 63, u64::MAX], &[4]).unwrap()),
            fixture!("u64.npy"),
        ),
        (
            bytes_of(
                &DynTensor::from_bools(vec![true, false, false, true, true, false], &[2, 3])
                    .unwrap(),
            ),
            fixture!("bool_2x3.npy"),
        ),
    ];
    for (i, (ours, numpy)) in cases.iter().enumerate() {
        assert_eq!(ours.as_slice(), *numpy, "case {i}");
    }
}

fn bytes_of<X: shaped::interop::npy::NpyTensor>(t: &X) -> Vec<u8> {
    let mut out = Vec::new();
    write_npy(&mut out, t).unwrap();
    out
}

#[test]
fn round_trips_big_endian_data_and_large_tensors() {
    // Read big-endian, write (little-endian), read again.
    let t: DynTensor<i64> = read_dyn(fixture!("i64_be.npy"));
    let back: DynTensor<i64> = read_dyn(&bytes_of(&t));
    assert_eq!(back, t);

    // More than one 64 KiB block, on the heap.
    let big = Tensor::<u16, shape![300, 257]>::from_fn(|i| (i * 7 % 65521) as u16);
    let bytes = bytes_of(&big);
    assert_eq!(bytes.len(), 128 + 300 * 257 * 2);
    let again: Tensor<u16, shape![300, 257]> = read_npy(bytes.as_slice()).unwrap();
    assert_eq!(again, big);
}

#[test]
fn one_stream_holds_several_arrays() {
    let a = DynTensor::from_vec(vec![1u32, 2, 3], &[3]).unwrap();
    let b = DynTensor::from_vec(vec![4.0f64, 5.0], &[1, 2]).unwrap();
    let mut stream = Vec::new();
    write_npy(&mut stream, &a).unwrap();
    write_npy(&mut stream, &b).unwrap();
    let mut reader = stream.as_slice();
    let a2: DynTensor<u32> = read_npy(&mut reader).unwrap();
    let b2: DynTensor<f64> = read_npy(&mut reader).unwrap();
    assert_eq!((a2, b2), (a, b));
    assert!(reader.is_empty());
}

#[test]
fn files_on_disk() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/npy");
    let t: Tensor<f64, shape![3, 4]> = load_npy(format!("{dir}/f64_fortran_3x4.npy")).unwrap();
    assert_eq!(t[[1, 0]], 4.0);

    let path = std::env::temp_dir().join(format!("shaped-npy-{}.npy", std::process::id()));
    save_npy(&path, &t).unwrap();
    let back: DynTensor<f64> = load_npy(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(back.shape(), &[3, 4]);
    assert_eq!(back.to_vec(), t.to_vec());

    let missing_path = format!("{dir}/no-such-file.npy");
    let missing = load_npy::<DynTensor<f64>>(&missing_path).unwrap_err();
    assert!(
        matches!(&missing, NpyError::File { path, writing: false, source }
            if path.to_str() == Some(missing_path.as_str()) && source.kind() == std::io::ErrorKind::NotFound),
        "{missing:?}"
    );
    assert!(
        missing
            .to_string()
            .starts_with(&format!("reading the .npy file '{missing_path}' failed: ")),
        "{missing}"
    );
    // A directory where the file should be: unreadable, and the path named.
    let unreadable = load_npy::<DynTensor<f64>>(dir).unwrap_err();
    assert!(unreadable.to_string().contains(dir), "{unreadable}");
    // Writing into a directory that does not exist.
    let nowhere = format!("{dir}/no-such-dir/out.npy");
    let err = save_npy(&nowhere, &t).unwrap_err();
    assert!(
        matches!(&err, NpyError::File { writing: true, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with(&format!("writing the .npy file '{nowhere}' failed: "))
    );
}

#[test]
fn the_crate_root_reaches_load_and_save() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/npy");
    let t: DynTensor<f64> = shaped::load_npy(format!("{dir}/f64_2x3.npy")).unwrap();
    let path = std::env::temp_dir().join(format!("shaped-npy-root-{}.npy", std::process::id()));
    shaped::save_npy(&path, &t).unwrap();
    let back: Result<DynTensor<f64>, shaped::NpyError> = shaped::load_npy(&path);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        back.unwrap().to_vec(),
        vec![1.5, -2.0, 3.25, 4.0, 5.5, -6.75]
    );
}

// Written by NumPy 2.4: np.save(f, np.array([3, 0, 9, 1, 7], dtype=np.int64)),
// np.array([2, -1, 4], dtype=np.int64), np.array([[255, 0], [1, 2]], dtype=np.uint8),
// np.array([5, 6], dtype='>i4'); NumPy's astype(np.uintp) gives [3 0 9 1 7].
#[test]
fn integer_label_files_load_into_usize_indices() {
    let labels: DynTensor<usize> = read_dyn(fixture!("labels_i8.npy"));
    assert_eq!(
        (labels.shape(), labels.to_vec()),
        (&[5][..], vec![3, 0, 9, 1, 7])
    );
    let typed: Tensor<usize, shape![5]> = read_npy(fixture!("labels_i8.npy")).unwrap();
    assert_eq!(typed.to_vec(), vec![3, 0, 9, 1, 7]);
    let small: DynTensor<usize> = read_dyn(fixture!("labels_u1_2x2.npy"));
    assert_eq!(
        (small.shape(), small.to_vec()),
        (&[2, 2][..], vec![255, 0, 1, 2])
    );
    let big_endian: DynTensor<usize> = read_dyn(fixture!("labels_be_i4.npy"));
    assert_eq!(big_endian.to_vec(), vec![5, 6]);

    let err = read_npy::<DynTensor<usize>, _>(fixture!("labels_negative_i8.npy")).unwrap_err();
    assert!(
        matches!(
            err,
            NpyError::NegativeIndex {
                index: 1,
                value: -1
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "element 1 is -1, which is not a usize index (out of bounds for usize)"
    );
    // Floats are not indices.
    let err = read_npy::<DynTensor<usize>, _>(fixture!("f64_2x3.npy")).unwrap_err();
    assert!(
        matches!(
            err,
            NpyError::Dtype {
                element: "usize",
                ..
            }
        ),
        "{err:?}"
    );

    // Written as uint64, read back by the same rule.
    let mut file = Vec::new();
    write_npy(&mut file, &labels).unwrap();
    assert!(file.starts_with(
        b"\x93NUMPY\x01\x00\x76\x00{'descr': '<u8', 'fortran_order': False, 'shape': (5,), }"
    ));
    let back: DynTensor<usize> = read_dyn(&file);
    assert_eq!(back.to_vec(), labels.to_vec());
}

#[test]
fn a_wrong_dtype_is_an_error_naming_both() {
    let err = read_npy::<DynTensor<f32>, _>(fixture!("f64_2x3.npy")).unwrap_err();
    assert!(
        matches!(&err, NpyError::Dtype { expected: "<f4", found, .. } if found == "<f8"),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the file holds elements of dtype '<f8', not f32's '<f4'"
    );
    let err = read_npy::<DynTensor<u16>, _>(fixture!("i16.npy")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the file holds elements of dtype '<i2', not u16's '<u2'"
    );
    // Same size, other kind; same kind, other size; bool is not u8.
    assert!(matches!(
        read_npy::<DynTensor<i8>, _>(fixture!("u8.npy")),
        Err(NpyError::Dtype { .. })
    ));
    assert!(matches!(
        read_npy::<DynTensor<i64>, _>(fixture!("i32.npy")),
        Err(NpyError::Dtype { .. })
    ));
    assert!(matches!(
        read_npy::<DynTensor<u8>, _>(fixture!("bool_2x3.npy")),
        Err(NpyError::Dtype { .. })
    ));
    let err = read_npy::<DynTensor<f64>, _>(fixture!("c128.npy")).unwrap_err();
    assert!(matches!(&err, NpyError::Dtype { found, .. } if found == "<c16"));
    let err = read_npy::<DynTensor<f32>, _>(fixture!("structured.npy")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the file holds elements of dtype '[('x', '<f4'), ('y', '<i2')]', not f32's '<f4'"
    );
}

#[test]
fn a_wrong_shape_for_a_static_target_is_an_error() {
    let err = read_npy::<Tensor<f64, shape![3, 2]>, _>(fixture!("f64_2x3.npy")).unwrap_err();
    match &err {
        NpyError::Shape(ShapeError::Mismatch { expected, got }) => {
            assert_eq!(
                (expected.as_slice(), got.as_slice()),
                (&[3, 2][..], &[2, 3][..])
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        err.to_string(),
        "expected a tensor of shape [3, 2], got shape [2, 3]"
    );
    let err = read_npy::<Tensor<f64, shape![Dyn, 2]>, _>(fixture!("f64_2x3.npy")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a tensor of shape [Dyn, 2], got shape [2, 3]"
    );
    // The shape is checked before the data: even a truncated file says so.
    let err = read_npy::<Tensor<f64, shape![6]>, _>(fixture!("truncated_data.npy")).unwrap_err();
    assert!(matches!(err, NpyError::Shape(ShapeError::Mismatch { .. })));
}

#[test]
fn truncated_files_say_how_much_is_missing() {
    let err = read_npy::<DynTensor<f64>, _>(fixture!("truncated_data.npy")).unwrap_err();
    assert!(
        matches!(
            err,
            NpyError::Truncated {
                expected: 176,
                found: 148
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "truncated .npy file: the array needs 176 bytes, there are only 148"
    );
    let err = read_npy::<DynTensor<f64>, _>(fixture!("truncated_header.npy")).unwrap_err();
    assert!(
        matches!(
            err,
            NpyError::Truncated {
                expected: 128,
                found: 50
            }
        ),
        "{err:?}"
    );
    let err = read_npy::<DynTensor<f64>, _>(&b""[..]).unwrap_err();
    assert!(
        matches!(err, NpyError::Truncated { found: 0, .. }),
        "{err:?}"
    );
}

#[test]
fn every_cut_of_a_valid_file_is_an_error_not_a_panic() {
    for bytes in [
        fixture!("f64_2x3.npy"),
        fixture!("f64_v2.npy"),
        fixture!("bool_2x3.npy"),
        fixture!("i32_be_fortran_2x3x4.npy"),
    ] {
        for cut in 0..bytes.len() {
            let r = read_npy::<DynTensor<f64>, _>(&bytes[..cut]);
            assert!(r.is_err(), "a file cut at {cut} bytes was read");
        }
    }
}

#[test]
fn forged_headers_do_not_allocate_what_they_claim() {
    // 10^12 x 10^6 f64 announced, 16 bytes present.
    let (largest, r) = largest_alloc(|| read_npy::<DynTensor<f64>, _>(fixture!("forged_huge.npy")));
    let err = r.unwrap_err();
    assert!(
        matches!(err, NpyError::Truncated { expected, found: 144 } if expected == 128 + 8 * 10u64.pow(18)),
        "{err:?}"
    );
    assert!(largest <= 1 << 17, "allocated {largest} bytes at once");

    // The same header followed by 3 MB of real data: memory follows the data.
    let mut bytes = fixture!("forged_huge.npy")[..128].to_vec();
    bytes.resize(128 + 3_000_000, 0);
    let (largest, r) = largest_alloc(|| read_npy::<DynTensor<f64>, _>(bytes.as_slice()));
    assert!(matches!(r, Err(NpyError::Truncated { .. })));
    assert!(largest <= 8_000_000, "allocated {largest} bytes at once");

    // An element count past u64: too large, before reading anything.
    let err = read_npy::<DynTensor<f64>, _>(fixture!("forged_overflow.npy")).unwrap_err();
    assert!(
        matches!(err, NpyError::Shape(ShapeError::TooLarge { .. })),
        "{err:?}"
    );
}

/// The size policy in the reader, as NumPy's own: an empty array with a
/// size past isize::MAX (`Maximum allowed dimension exceeded`) is refused
/// before any data is read; up to it, it is read.
#[test]
fn empty_arrays_past_the_size_policy_are_too_large() {
    let head =
        |shape: &str| format!("{{'descr': '<f8', 'fortran_order': False, 'shape': {shape}, }}");
    for shape in [
        "(18446744073709551615, 0)",
        "(9223372036854775808, 0)",
        "(0, 4294967296, 4294967296)",
    ] {
        let err = read_npy::<DynTensor<f64>, _>(npy_with_header(&head(shape), &[]).as_slice())
            .unwrap_err();
        assert!(
            matches!(err, NpyError::Shape(ShapeError::TooLarge { .. })),
            "{shape}: {err:?}"
        );
    }
    let ok = npy_with_header(&head("(9223372036854775807, 0)"), &[]);
    let t = read_npy::<DynTensor<f64>, _>(ok.as_slice()).unwrap();
    assert_eq!(t.shape(), &[isize::MAX as usize, 0]);
}

#[test]
fn corrupt_files_give_clear_errors() {
    let good = fixture!("f64_2x3.npy");
    let with = |at: usize, b: u8| {
        let mut v = good.to_vec();
        v[at] = b;
        read_npy::<DynTensor<f64>, _>(v.as_slice()).unwrap_err()
    };
    assert!(matches!(with(0, b'x'), NpyError::NotNpy));
    assert!(matches!(with(1, b'n'), NpyError::NotNpy));
    assert!(matches!(
        with(6, 4),
        NpyError::Version { major: 4, minor: 0 }
    ));
    assert_eq!(
        with(6, 4).to_string(),
        "unsupported .npy format version 4.0 (1.0, 2.0 and 3.0 are supported)"
    );
    assert!(matches!(
        with(7, 1),
        NpyError::Version { major: 1, minor: 1 }
    ));
    assert!(matches!(with(10, b'['), NpyError::Header { .. }));
    assert!(matches!(
        read_npy::<DynTensor<f64>, _>(&b"PK\x03\x04 a zip file"[..]),
        Err(NpyError::NotNpy)
    ));

    // Version 2 with a four-gigabyte header length.
    let mut v2 = fixture!("f64_v2.npy").to_vec();
    v2[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = read_npy::<DynTensor<f64>, _>(v2.as_slice()).unwrap_err();
    assert!(matches!(err, NpyError::HeaderTooLong { len } if len == u32::MAX as usize));

    let data = [0u8; 48];
    let header = |h: &str| {
        let err = read_npy::<DynTensor<f64>, _>(npy_with_header(h, &data).as_slice()).unwrap_err();
        err.to_string()
    };
    let base = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";
    // The helper makes valid files from valid headers.
    assert_eq!(
        read_npy::<DynTensor<f64>, _>(npy_with_header(base, &data).as_slice())
            .unwrap()
            .shape(),
        &[2, 3]
    );
    let cases = [
        (
            "{'descr': '<f8', 'fortran_order': False, }",
            "corrupt .npy header: no 'shape' key",
        ),
        (
            "{'dtype': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
            "corrupt .npy header: unexpected key 'dtype'",
        ),
        (
            "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2, 3), }",
            "corrupt .npy header: 'fortran_order' is not True or False",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (-2, 3), }",
            "corrupt .npy header: expected a size (a non-negative integer) at byte 51",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (6), }",
            "corrupt .npy header: 'shape' is not a tuple",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3, }",
            "corrupt .npy header: expected a size (a non-negative integer) at byte 57",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999999, 3), }",
            "corrupt .npy header: a size in 'shape' overflows usize",
        ),
        (
            "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
            "corrupt .npy header: the key 'descr' appears twice",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), } x",
            "corrupt .npy header: text after the dictionary",
        ),
        (
            "{'descr': '<f8, 'fortran_order': False, 'shape': (2, 3), }",
            "corrupt .npy header: expected ',' or '}' at byte 17, found 'f'",
        ),
        (
            "{'descr': '<f8' 'fortran_order': False, 'shape': (2, 3), }",
            "corrupt .npy header: expected ',' or '}' at byte 16, found '\\''",
        ),
    ];
    for (h, message) in cases {
        assert_eq!(header(h), message, "header {h}");
    }

    let err = read_npy::<DynTensor<bool>, _>(fixture!("bool_invalid.npy")).unwrap_err();
    assert!(
        matches!(err, NpyError::InvalidBool { index: 1, byte: 7 }),
        "{err:?}"
    );
}

#[test]
fn damaged_headers_never_panic() {
    // Every byte of the prefix and header set to each of a few values: an
    // error or (rarely) a file that still reads, never a panic.
    let good = fixture!("f32_be_2x3x2.npy");
    for at in 0..128 {
        for b in [0u8, b' ', b'(', b')', b',', b'\'', b'9', b'}', 0xFF] {
            let mut v = good.to_vec();
            v[at] = b;
            let _ = read_npy::<DynTensor<f32>, _>(v.as_slice());
            let _ = read_npy::<Tensor<f32, shape![2, 3, 2]>, _>(v.as_slice());
        }
    }
}
