//! NumPy's `.npy` files, read and written (the `npy` feature, which needs
//! `std`).
//!
//! - [`read_npy`] / [`write_npy`] work on any [`std::io::Read`] /
//!   [`std::io::Write`]; [`load_npy`] / [`save_npy`] open a path, as
//!   `np.load` and `np.save` do.
//! - The element types are those NumPy and the crate share: `bool` (into a
//!   `DynTensor<bool>`), `i8` to `i64`, `u8` to `u64`, `f32` and `f64`
//!   ([`NpyElement`]). The file's dtype must be the element type's exactly
//!   (`'<f4'` or `'>f4'` for `f32`): nothing is converted silently. The one
//!   exception is `usize`, the crate's index type: it reads any integer
//!   dtype (an `int64` label file, PyTorch's index type, loads into
//!   `DynTensor<usize>` directly), each value checked as NumPy's checked
//!   cast does (a negative one is [`NpyError::NegativeIndex`]), and is
//!   written as `'<u8'`.
//! - [`load_npy`] and [`save_npy`] name the path in their errors
//!   ([`NpyError::File`]): `np.load` of a missing file says which.
//! - Files in either byte order are read; files are written little-endian,
//!   with the header NumPy itself writes (the same bytes as `np.save`).
//! - C-order files are read as they are; Fortran-order files
//!   (`fortran_order: True`) are transposed into the tensor's row-major order,
//!   so element `[i, j]` is `a[i, j]` in NumPy either way.
//! - The target is any tensor kind ([`NpyTensor`]): a [`DynTensor`] takes
//!   any shape; a static or mixed [`Tensor`] checks the file's shape against
//!   its type before reading any element.
//!
//! Every failure is an [`NpyError`], never a panic: a wrong dtype or shape, a
//! file that is not `.npy`, a corrupt header or a truncated file. A header
//! cannot make the reader allocate more than the data actually present: the
//! elements are read in blocks of at most 64 KiB, each reserved fallibly.
//!
//! ```
//! use shaped::interop::npy::{read_npy, write_npy};
//! use shaped::{shape, DynTensor, Tensor};
//!
//! let t = Tensor::<f32, shape![2, 3]>::arange();
//! let mut file = Vec::new();
//! write_npy(&mut file, &t).unwrap();
//! assert_eq!(&file[..8], b"\x93NUMPY\x01\x00");
//!
//! let back: Tensor<f32, shape![2, 3]> = read_npy(file.as_slice()).unwrap();
//! assert_eq!(back, t);
//! let any: DynTensor<f32> = read_npy(file.as_slice()).unwrap();
//! assert_eq!(any.shape(), &[2, 3]);
//! let err = read_npy::<DynTensor<f64>, _>(file.as_slice()).unwrap_err();
//! assert_eq!(err.to_string(), "the file holds elements of dtype '<f4', not f64's '<f8'");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use std::io::{self, Read, Write};
use std::path::Path;

use crate::{DynTensor, Element, Layout, ShapeError, Tensor};

/// What can go wrong reading or writing a `.npy` file.
#[derive(Debug)]
#[non_exhaustive]
pub enum NpyError {
    /// The reader or writer failed.
    Io(io::Error),
    /// The data does not start with `.npy`'s magic string `\x93NUMPY`.
    NotNpy,
    /// A format version other than 1.0, 2.0 and 3.0.
    Version {
        /// The major version in the file.
        major: u8,
        /// The minor version in the file.
        minor: u8,
    },
    /// The header is longer than [`MAX_HEADER_LEN`], more than any array
    /// of at most 64 dimensions needs.
    HeaderTooLong {
        /// The header length the file states.
        len: usize,
    },
    /// The header is not the Python dictionary of `descr`, `fortran_order`
    /// and `shape` it should be.
    Header {
        /// What is wrong with it.
        reason: String,
    },
    /// The file's elements are of another type than the tensor's.
    Dtype {
        /// The dtype the tensor's element type needs, little-endian
        /// (`"<f4"`); the big-endian form is accepted as well.
        expected: &'static str,
        /// The element type's name (`"f32"`).
        element: &'static str,
        /// The file's dtype, as its header writes it.
        found: String,
    },
    /// The file ends before the header or the data it announces.
    Truncated {
        /// The number of bytes the array needs, header included.
        expected: u64,
        /// The number of bytes there are.
        found: u64,
    },
    /// A boolean element that is neither 0 nor 1.
    InvalidBool {
        /// The element's row-major position in the file.
        index: usize,
        /// The byte found.
        byte: u8,
    },
    /// The shape does not fit the target (a static or mixed tensor of
    /// another shape), or is too large to be a tensor at all
    /// ([`ShapeError::TooLarge`], [`ShapeError::RankTooLarge`]).
    Shape(ShapeError),
    /// The allocator refused memory for the elements.
    Alloc {
        /// The number of bytes asked for.
        bytes: usize,
    },
    /// A value of an integer file read into `usize` indices does not fit:
    /// a negative one (or, on a 32-bit target, one past `usize::MAX`).
    NegativeIndex {
        /// The element's row-major position in the file.
        index: usize,
        /// The value found.
        value: i128,
    },
    /// [`load_npy`] or [`save_npy`] could not open, read or write the file
    /// at `path`.
    File {
        /// The path as given.
        path: std::path::PathBuf,
        /// Whether the file was being written.
        writing: bool,
        /// What the system said.
        source: io::Error,
    },
}

/// The longest header accepted, in bytes (NumPy's own reader stops at
/// 10 000 by default; a header of 64 dimensions of 20 digits is under 2 000).
pub const MAX_HEADER_LEN: usize = 1 << 16;

impl fmt::Display for NpyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NpyError::Io(e) => write!(f, "reading or writing a .npy file failed: {e}"),
            NpyError::NotNpy => write!(f, "not a .npy file: it does not start with \\x93NUMPY"),
            NpyError::Version { major, minor } => write!(
                f,
                "unsupported .npy format version {major}.{minor} (1.0, 2.0 and 3.0 are supported)"
            ),
            NpyError::HeaderTooLong { len } => write!(
                f,
                "corrupt .npy header: it claims {len} bytes, more than the {MAX_HEADER_LEN} accepted"
            ),
            NpyError::Header { reason } => write!(f, "corrupt .npy header: {reason}"),
            NpyError::Dtype {
                expected,
                element,
                found,
            } => write!(
                f,
                "the file holds elements of dtype '{found}', not {element}'s '{expected}'"
            ),
            NpyError::Truncated { expected, found } => write!(
                f,
                "truncated .npy file: the array needs {expected} bytes, there are only {found}"
            ),
            NpyError::InvalidBool { index, byte } => write!(
                f,
                "corrupt .npy data: boolean element {index} is {byte}, not 0 or 1"
            ),
            NpyError::Shape(e) => fmt::Display::fmt(e, f),
            NpyError::Alloc { bytes } => {
                write!(f, "cannot allocate {bytes} bytes for the array's elements")
            }
            NpyError::NegativeIndex { index, value } => write!(
                f,
                "element {index} is {value}, which is not a usize index (out of bounds for usize)"
            ),
            NpyError::File {
                path,
                writing,
                source,
            } => write!(
                f,
                "{} the .npy file '{}' failed: {source}",
                if *writing { "writing" } else { "reading" },
                path.display()
            ),
        }
    }
}

impl std::error::Error for NpyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NpyError::Io(e) => Some(e),
            NpyError::File { source, .. } => Some(source),
            NpyError::Shape(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for NpyError {
    fn from(e: io::Error) -> Self {
        NpyError::Io(e)
    }
}

impl From<ShapeError> for NpyError {
    fn from(e: ShapeError) -> Self {
        NpyError::Shape(e)
    }
}

fn header_error<X>(reason: impl Into<String>) -> Result<X, NpyError> {
    Err(NpyError::Header {
        reason: reason.into(),
    })
}

mod sealed {
    pub trait Sealed {}
}

/// An element type with a NumPy dtype: `bool`, `i8` to `i64`, `u8` to
/// `u64`, `f32`, `f64`, and `usize` for indices (any integer file read,
/// each value checked; written as `'<u8'`). Sealed: the list is NumPy's.
pub trait NpyElement: Copy + sealed::Sealed {
    /// The dtype as NumPy writes it for little-endian data: `"<f4"`,
    /// `"|u1"` (one byte has no order), `"|b1"` for `bool`.
    const DESCR: &'static str;
    /// The Rust type's name, for messages.
    const NAME: &'static str;
    /// The size of one element in bytes.
    const SIZE: usize;
    /// The element stored in `bytes` (exactly `SIZE` of them) in the given
    /// byte order, or `None` if they are not a valid value (a `bool` other
    /// than 0 or 1).
    fn decode(bytes: &[u8], big_endian: bool) -> Option<Self>;
    /// Appends the element's little-endian bytes to `out`.
    fn encode(self, out: &mut Vec<u8>);
    /// Whether any integer dtype is read into this type, each value
    /// checked ([`from_integer`](Self::from_integer)): `usize` only.
    #[doc(hidden)]
    const ANY_INTEGER: bool = false;
    /// The value of an integer element of the file, if it fits.
    #[doc(hidden)]
    fn from_integer(_value: i128) -> Option<Self> {
        None
    }
}

impl sealed::Sealed for usize {}
/// Indices: any integer dtype is read (checked), written as `'<u8'`.
impl NpyElement for usize {
    const DESCR: &'static str = "<u8";
    const NAME: &'static str = "usize";
    const SIZE: usize = 8;
    fn decode(bytes: &[u8], big_endian: bool) -> Option<Self> {
        let b = bytes.try_into().ok()?;
        let v = if big_endian {
            u64::from_be_bytes(b)
        } else {
            u64::from_le_bytes(b)
        };
        usize::try_from(v).ok()
    }
    fn encode(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self as u64).to_le_bytes());
    }
    const ANY_INTEGER: bool = true;
    fn from_integer(value: i128) -> Option<Self> {
        usize::try_from(value).ok()
    }
}

/// An integer of `size` bytes, `signed` or not, from `bytes` in the given
/// byte order.
fn integer(bytes: &[u8], size: usize, signed: bool, big_endian: bool) -> i128 {
    let mut le = [0u8; 16];
    for (k, slot) in le[..size].iter_mut().enumerate() {
        *slot = if big_endian {
            bytes[size - 1 - k]
        } else {
            bytes[k]
        };
    }
    if signed && le[size - 1] & 0x80 != 0 {
        le[size..].fill(0xFF);
    }
    i128::from_le_bytes(le)
}

macro_rules! npy_numbers {
    ($($t:ty => $descr:literal),*) => {$(
        impl sealed::Sealed for $t {}
        impl NpyElement for $t {
            const DESCR: &'static str = $descr;
            const NAME: &'static str = stringify!($t);
            const SIZE: usize = core::mem::size_of::<$t>();
            fn decode(bytes: &[u8], big_endian: bool) -> Option<Self> {
                let b = bytes.try_into().ok()?;
                Some(if big_endian { <$t>::from_be_bytes(b) } else { <$t>::from_le_bytes(b) })
            }
            fn encode(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
npy_numbers!(
    i8 => "|i1", i16 => "<i2", i32 => "<i4", i64 => "<i8",
    u8 => "|u1", u16 => "<u2", u32 => "<u4", u64 => "<u8",
    f32 => "<f4", f64 => "<f8"
);

impl sealed::Sealed for bool {}
impl NpyElement for bool {
    const DESCR: &'static str = "|b1";
    const NAME: &'static str = "bool";
    const SIZE: usize = 1;
    fn decode(bytes: &[u8], _: bool) -> Option<Self> {
        match bytes {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }
    fn encode(self, out: &mut Vec<u8>) {
        out.push(self as u8);
    }
}

/// A tensor kind that can be read from and written to a `.npy` file:
/// [`DynTensor<T>`], `DynTensor<bool>` and [`Tensor<T, S>`] for an
/// [`NpyElement`] `T`. Sealed.
pub trait NpyTensor: Sized + sealed::Sealed {
    /// The element type.
    type Elem: NpyElement;
    /// Checks the file's shape before any element is read: the shape of
    /// the type for static and mixed tensors, nothing for runtime ones.
    fn check_shape(shape: &[usize]) -> Result<(), ShapeError>;
    /// The tensor of `shape` holding `data` in row-major order.
    fn from_npy(data: Vec<Self::Elem>, shape: &[usize]) -> Result<Self, ShapeError>;
    /// The sizes, outermost first.
    fn npy_shape(&self) -> Vec<usize>;
    /// The elements in row-major order.
    fn npy_data(&self) -> &[Self::Elem];
}

impl<T: Element + NpyElement> sealed::Sealed for DynTensor<T> {}
impl<T: Element + NpyElement> NpyTensor for DynTensor<T> {
    type Elem = T;
    fn check_shape(_: &[usize]) -> Result<(), ShapeError> {
        Ok(())
    }
    fn from_npy(data: Vec<T>, shape: &[usize]) -> Result<Self, ShapeError> {
        DynTensor::from_vec(data, shape)
    }
    fn npy_shape(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
    fn npy_data(&self) -> &[T] {
        self.as_slice()
    }
}

impl sealed::Sealed for DynTensor<bool> {}
impl NpyTensor for DynTensor<bool> {
    type Elem = bool;
    fn check_shape(_: &[usize]) -> Result<(), ShapeError> {
        Ok(())
    }
    fn from_npy(data: Vec<bool>, shape: &[usize]) -> Result<Self, ShapeError> {
        DynTensor::from_bools(data, shape)
    }
    fn npy_shape(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
    fn npy_data(&self) -> &[bool] {
        self.as_slice()
    }
}

impl<T: Element + NpyElement, S: Layout> sealed::Sealed for Tensor<T, S> {}
impl<T: Element + NpyElement, S: Layout> NpyTensor for Tensor<T, S> {
    type Elem = T;
    fn check_shape(shape: &[usize]) -> Result<(), ShapeError> {
        match S::extents_for(shape) {
            Some(_) => Ok(()),
            None => Err(ShapeError::Mismatch {
                expected: S::TEMPLATE.to_vec(),
                got: shape.to_vec(),
            }),
        }
    }
    fn from_npy(data: Vec<T>, shape: &[usize]) -> Result<Self, ShapeError> {
        Tensor::try_from(DynTensor::from_vec(data, shape)?)
    }
    fn npy_shape(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
    fn npy_data(&self) -> &[T] {
        self.as_slice()
    }
}

/// The magic string every `.npy` file starts with.
const MAGIC: &[u8; 6] = b"\x93NUMPY";
/// Headers are padded so that the data starts at a multiple of this.
const ALIGN: usize = 64;
/// The most bytes read (and reserved) at once for the elements.
const BLOCK: usize = 1 << 16;
/// The most dimensions a tensor may have.
const MAX_RANK: usize = 64;

/// Reads a tensor from `.npy` data. `X` is the tensor kind to build:
/// `DynTensor<T>` for any shape, `Tensor<T, S>` for the shape `S`, checked
/// before any element is read.
///
/// Reads exactly the array's bytes, so several arrays written one after
/// the other to one stream (as repeated `np.save` calls to one open file
/// do) are read by repeated calls.
///
/// ```
/// use shaped::interop::npy::read_npy;
/// use shaped::DynTensor;
/// // What `np.save(f, np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int16))` writes:
/// let mut file = b"\x93NUMPY\x01\x00\x76\x00".to_vec();
/// let header = "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3), }";
/// file.extend(format!("{header:<117}\n").bytes());
/// file.extend([1u8, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0]);
/// let t: DynTensor<i16> = read_npy(file.as_slice()).unwrap();
/// assert_eq!((t.shape(), t.to_vec()), (&[2, 3][..], vec![1, 2, 3, 4, 5, 6]));
/// ```
pub fn read_npy<X: NpyTensor, R: Read>(mut reader: R) -> Result<X, NpyError> {
    let mut prefix = [0u8; 8];
    let got = read_full(&mut reader, &mut prefix)?;
    if prefix[..got.min(6)] != MAGIC[..got.min(6)] {
        return Err(NpyError::NotNpy);
    }
    if got < 8 {
        return Err(NpyError::Truncated {
            expected: 10,
            found: got as u64,
        });
    }
    let (major, minor) = (prefix[6], prefix[7]);
    // The header's length: two bytes in version 1, four in versions 2 and 3.
    let len_bytes = match (major, minor) {
        (1, 0) => 2,
        (2 | 3, 0) => 4,
        _ => return Err(NpyError::Version { major, minor }),
    };
    let mut len = [0u8; 4];
    let got = read_full(&mut reader, &mut len[..len_bytes])?;
    let start = 8 + len_bytes;
    if got < len_bytes {
        return Err(NpyError::Truncated {
            expected: start as u64,
            found: (8 + got) as u64,
        });
    }
    let header_len = u32::from_le_bytes(len) as usize;
    if header_len > MAX_HEADER_LEN {
        return Err(NpyError::HeaderTooLong { len: header_len });
    }
    let mut header = alloc::vec![0u8; header_len];
    let got = read_full(&mut reader, &mut header)?;
    if got < header_len {
        return Err(NpyError::Truncated {
            expected: (start + header_len) as u64,
            found: (start + got) as u64,
        });
    }
    // Versions 1 and 2 are latin-1, version 3 UTF-8; a header this reader
    // can use is ASCII in all three.
    let Ok(text) = core::str::from_utf8(&header) else {
        return header_error("the header is not text");
    };
    let h = parse_header(text)?;
    let (big_endian, size, signed) = dtype::<X::Elem>(&h.descr)?;
    if h.shape.len() > MAX_RANK {
        return Err(ShapeError::RankTooLarge { shape: h.shape }.into());
    }
    let too_large = || {
        NpyError::Shape(ShapeError::TooLarge {
            shape: h.shape.clone(),
        })
    };
    // The crate's size policy (NumPy's own: no size above isize::MAX, even
    // in an empty array), before a byte is read.
    let numel = crate::error::checked_numel::<()>(&h.shape)?;
    let bytes = numel
        .checked_mul(size)
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or_else(too_large)?;
    X::check_shape(&h.shape)?;

    let mut data: Vec<X::Elem> = Vec::new();
    let mut block = alloc::vec![0u8; bytes.min(BLOCK)];
    let mut done = 0;
    while done < bytes {
        let want = (bytes - done).min(BLOCK);
        let got = read_full(&mut reader, &mut block[..want])?;
        if got < want {
            return Err(NpyError::Truncated {
                expected: (start + header_len + bytes) as u64,
                found: (start + header_len + done + got) as u64,
            });
        }
        data.try_reserve(want / size)
            .map_err(|_| NpyError::Alloc { bytes })?;
        for chunk in block[..want].chunks_exact(size) {
            if X::Elem::ANY_INTEGER {
                let value = integer(chunk, size, signed, big_endian);
                match X::Elem::from_integer(value) {
                    Some(x) => data.push(x),
                    None => {
                        return Err(NpyError::NegativeIndex {
                            index: data.len(),
                            value,
                        });
                    }
                }
                continue;
            }
            match X::Elem::decode(chunk, big_endian) {
                Some(x) => data.push(x),
                None => {
                    return Err(NpyError::InvalidBool {
                        index: data.len(),
                        byte: chunk[0],
                    });
                }
            }
        }
        done += want;
    }
    if h.fortran_order && h.shape.len() > 1 {
        data = from_fortran(&data, &h.shape).ok_or(NpyError::Alloc { bytes })?;
    }
    Ok(X::from_npy(data, &h.shape)?)
}

/// Reads a tensor from the `.npy` file at `path` (see [`read_npy`]). A
/// file that cannot be opened or read is [`NpyError::File`], which names
/// the path.
///
/// ```
/// use shaped::interop::npy::load_npy;
/// use shaped::DynTensor;
/// let err = load_npy::<DynTensor<f32>>("no/such/dir/x.npy").unwrap_err();
/// assert!(err.to_string().starts_with("reading the .npy file 'no/such/dir/x.npy' failed: "));
/// ```
pub fn load_npy<X: NpyTensor>(path: impl AsRef<Path>) -> Result<X, NpyError> {
    let path = path.as_ref();
    let named = |source| NpyError::File {
        path: path.to_path_buf(),
        writing: false,
        source,
    };
    let file = std::fs::File::open(path).map_err(named)?;
    read_npy(io::BufReader::new(file)).map_err(|e| match e {
        NpyError::Io(source) => named(source),
        e => e,
    })
}

/// Writes `tensor` as `.npy` data: little-endian, C order, version 1.0,
/// with the header NumPy writes (padded so that the data starts at a
/// multiple of 64 bytes). Dimension names are not kept: the format has
/// none.
///
/// ```
/// use shaped::interop::npy::write_npy;
/// use shaped::DynTensor;
/// let t = DynTensor::from_bools(vec![true, false, true], &[3]).unwrap();
/// let mut file = Vec::new();
/// write_npy(&mut file, &t).unwrap();
/// assert_eq!(file.len(), 128 + 3);
/// assert!(file.starts_with(b"\x93NUMPY\x01\x00\x76\x00{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }"));
/// assert_eq!(&file[128..], &[1, 0, 1]);
/// ```
pub fn write_npy<X: NpyTensor, W: Write>(mut writer: W, tensor: &X) -> Result<(), NpyError> {
    let shape = tensor.npy_shape();
    let mut dict = String::new();
    let _ = write!(
        dict,
        "{{'descr': '{}', 'fortran_order': False, 'shape': (",
        X::Elem::DESCR
    );
    for (i, d) in shape.iter().enumerate() {
        let _ = write!(dict, "{}{d}", if i > 0 { ", " } else { "" });
    }
    dict.push_str(if shape.len() == 1 { ",), }" } else { "), }" });
    // Room for the first size to grow to 21 digits, as NumPy leaves it
    // (so that appending tools can rewrite the header in place).
    if let Some(first) = shape.first() {
        let digits = first.checked_ilog10().unwrap_or(0) as usize + 1;
        dict.extend(core::iter::repeat_n(' ', 21usize.saturating_sub(digits)));
    }
    let (version, len_bytes) = if dict.len() + 1 + 10 + ALIGN <= 0xFFFF {
        (1u8, 2)
    } else {
        (2u8, 4)
    };
    let used = MAGIC.len() + 2 + len_bytes + dict.len() + 1;
    let pad = ALIGN - used % ALIGN;
    let header_len = dict.len() + pad + 1;
    let mut out = Vec::with_capacity(used + pad);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[version, 0]);
    if len_bytes == 2 {
        out.extend_from_slice(&(header_len as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(header_len as u32).to_le_bytes());
    }
    out.extend_from_slice(dict.as_bytes());
    out.extend(core::iter::repeat_n(b' ', pad));
    out.push(b'\n');
    writer.write_all(&out)?;

    out.clear();
    for block in tensor.npy_data().chunks(BLOCK / 8) {
        for &x in block {
            x.encode(&mut out);
        }
        writer.write_all(&out)?;
        out.clear();
    }
    writer.flush()?;
    Ok(())
}

/// Writes `tensor` to the `.npy` file at `path`, replacing it if it exists
/// (see [`write_npy`]).
pub fn save_npy<X: NpyTensor>(path: impl AsRef<Path>, tensor: &X) -> Result<(), NpyError> {
    let path = path.as_ref();
    let named = |source| NpyError::File {
        path: path.to_path_buf(),
        writing: true,
        source,
    };
    let file = std::fs::File::create(path).map_err(named)?;
    write_npy(io::BufWriter::new(file), tensor).map_err(|e| match e {
        NpyError::Io(source) => named(source),
        e => e,
    })
}

/// Reads until `buf` is full or the reader ends; the number of bytes read.
fn read_full<R: Read>(reader: &mut R, buf: &mut [u8]) -> Result<usize, NpyError> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(NpyError::Io(e)),
        }
    }
    Ok(n)
}

/// Whether the dtype `descr` is `E`'s, big-endian (`true`) or little-endian
/// (`false`), with the size of its elements and whether they are signed
/// integers; an error naming both otherwise. `usize` takes every integer
/// dtype.
fn dtype<E: NpyElement>(descr: &str) -> Result<(bool, usize, bool), NpyError> {
    let wanted = &E::DESCR[1..];
    let (order, code) = match descr.as_bytes().first() {
        Some(c @ (b'<' | b'>' | b'|' | b'=')) => (*c, &descr[1..]),
        _ => (b'=', descr),
    };
    let big = match order {
        b'>' => true,
        b'<' => false,
        b'=' => cfg!(target_endian = "big"),
        // `|`: no byte order, which only one-byte types can do without.
        _ => false,
    };
    let wrong = || NpyError::Dtype {
        expected: E::DESCR,
        element: E::NAME,
        found: descr.into(),
    };
    if E::ANY_INTEGER {
        let (signed, size) = match code {
            "i1" => (true, 1),
            "i2" => (true, 2),
            "i4" => (true, 4),
            "i8" => (true, 8),
            "u1" => (false, 1),
            "u2" => (false, 2),
            "u4" => (false, 4),
            "u8" => (false, 8),
            _ => return Err(wrong()),
        };
        if order == b'|' && size > 1 {
            return Err(wrong());
        }
        return Ok((big, size, signed));
    }
    if code != wanted || (order == b'|' && E::SIZE > 1) {
        return Err(wrong());
    }
    Ok((big, E::SIZE, false))
}

/// The row-major order of elements stored column-major (Fortran order) for
/// `shape`; `None` if the memory for it cannot be had.
fn from_fortran<T: Copy>(data: &[T], shape: &[usize]) -> Option<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(data.len()).ok()?;
    if data.is_empty() {
        return Some(out);
    }
    // Column-major strides: the first axis moves fastest.
    let mut strides = alloc::vec![1usize; shape.len()];
    for k in 1..shape.len() {
        strides[k] = strides[k - 1] * shape[k - 1];
    }
    let mut index = alloc::vec![0usize; shape.len()];
    let mut at = 0usize;
    for _ in 0..data.len() {
        out.push(data[at]);
        // The next row-major index: the last axis first, carrying leftwards.
        for k in (0..shape.len()).rev() {
            index[k] += 1;
            at += strides[k];
            if index[k] < shape[k] {
                break;
            }
            at -= strides[k] * shape[k];
            index[k] = 0;
        }
    }
    Some(out)
}

/// What a header says.
struct Header {
    descr: String,
    fortran_order: bool,
    shape: Vec<usize>,
}

/// Parses the header's Python dictionary literal.
fn parse_header(text: &str) -> Result<Header, NpyError> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let (mut descr, mut fortran_order, mut shape) = (None, None, None);
    p.expect(b"{")?;
    loop {
        if p.eat(b'}') {
            break;
        }
        let key = p.string()?;
        p.expect(b":")?;
        match key.as_str() {
            "descr" if descr.is_none() => {
                // A structured dtype is a list of fields: kept as its text,
                // for the message saying it is not the element type.
                descr = Some(match p.peek() {
                    Some(b'[') => p.list()?,
                    _ => p.string()?,
                });
            }
            "fortran_order" if fortran_order.is_none() => fortran_order = Some(p.boolean()?),
            "shape" if shape.is_none() => shape = Some(p.tuple()?),
            "descr" | "fortran_order" | "shape" => {
                return header_error(alloc::format!("the key '{key}' appears twice"));
            }
            _ => return header_error(alloc::format!("unexpected key '{key}'")),
        }
        if p.eat(b'}') {
            break;
        }
        p.expect(b",}")?;
    }
    p.skip_space();
    if p.i != p.s.len() {
        return header_error("text after the dictionary");
    }
    match (descr, fortran_order, shape) {
        (Some(descr), Some(fortran_order), Some(shape)) => Ok(Header {
            descr,
            fortran_order,
            shape,
        }),
        (None, _, _) => header_error("no 'descr' key"),
        (_, None, _) => header_error("no 'fortran_order' key"),
        (_, _, None) => header_error("no 'shape' key"),
    }
}

/// A cursor over the header's text.
struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    /// The next character that is not a space.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.s.get(self.i).copied()
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: u8) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.i += 1;
        }
        found
    }

    /// Consumes one of `chars`, which must come next.
    fn expect(&mut self, chars: &[u8]) -> Result<(), NpyError> {
        if chars.iter().any(|&c| self.eat(c)) {
            return Ok(());
        }
        let mut wanted = String::new();
        for (k, &c) in chars.iter().enumerate() {
            let sep = if k == 0 { "" } else { " or " };
            let _ = write!(wanted, "{sep}'{}'", c as char);
        }
        match self.peek() {
            Some(d) => header_error(alloc::format!(
                "expected {wanted} at byte {}, found '{}'",
                self.i,
                d.escape_ascii()
            )),
            None => header_error(alloc::format!(
                "expected {wanted}, found the end of the header"
            )),
        }
    }

    /// A quoted string.
    fn string(&mut self) -> Result<String, NpyError> {
        let quote = match self.peek() {
            Some(q @ (b'\'' | b'"')) => q,
            _ => return header_error(alloc::format!("expected a string at byte {}", self.i)),
        };
        self.i += 1;
        let start = self.i;
        while let Some(&c) = self.s.get(self.i) {
            if c == quote {
                let s = &self.s[start..self.i];
                self.i += 1;
                return match core::str::from_utf8(s) {
                    Ok(s) => Ok(String::from(s)),
                    Err(_) => header_error("a string that is not text"),
                };
            }
            if c == b'\\' {
                return header_error("escaped characters in a string");
            }
            self.i += 1;
        }
        header_error("a string is not closed")
    }

    /// A list, nested or not, as its text.
    fn list(&mut self) -> Result<String, NpyError> {
        let start = self.i;
        let (mut depth, mut quote) = (0usize, None);
        while let Some(&c) = self.s.get(self.i) {
            self.i += 1;
            match (quote, c) {
                (Some(q), _) if c == q => quote = None,
                (Some(_), _) => {}
                (None, b'\'' | b'"') => quote = Some(c),
                (None, b'[' | b'(') => depth += 1,
                (None, b']' | b')') => {
                    depth -= 1;
                    if depth == 0 {
                        let text = &self.s[start..self.i];
                        return Ok(String::from_utf8_lossy(text).into_owned());
                    }
                }
                _ => {}
            }
        }
        header_error("a list is not closed")
    }

    /// `True` or `False`.
    fn boolean(&mut self) -> Result<bool, NpyError> {
        self.skip_space();
        let rest = &self.s[self.i..];
        for (word, value) in [(&b"True"[..], true), (&b"False"[..], false)] {
            if rest.starts_with(word) {
                self.i += word.len();
                return Ok(value);
            }
        }
        header_error("'fortran_order' is not True or False")
    }

    /// A tuple of sizes: `()`, `(3,)`, `(2, 3)`.
    fn tuple(&mut self) -> Result<Vec<usize>, NpyError> {
        self.expect(b"(")?;
        let mut sizes = Vec::new();
        loop {
            if self.eat(b')') {
                break;
            }
            if sizes.len() > MAX_RANK {
                return Err(ShapeError::RankTooLarge { shape: sizes }.into());
            }
            sizes.push(self.size()?);
            if self.eat(b',') {
                continue;
            }
            self.expect(b",)")?;
            if sizes.len() == 1 {
                // `(3)` is the number 3 to Python, not a tuple.
                return header_error("'shape' is not a tuple");
            }
            break;
        }
        Ok(sizes)
    }

    /// A size: decimal digits, with Python 2's `L` suffix allowed.
    fn size(&mut self) -> Result<usize, NpyError> {
        self.skip_space();
        let start = self.i;
        let mut n: usize = 0;
        while let Some(&c @ b'0'..=b'9') = self.s.get(self.i) {
            n = match n
                .checked_mul(10)
                .and_then(|n| n.checked_add(usize::from(c - b'0')))
            {
                Some(n) => n,
                None => return header_error("a size in 'shape' overflows usize"),
            };
            self.i += 1;
        }
        if self.i == start {
            return header_error(alloc::format!(
                "expected a size (a non-negative integer) at byte {}",
                start
            ));
        }
        if self.s.get(self.i) == Some(&b'L') {
            self.i += 1;
        }
        Ok(n)
    }
}
