//! Checkpoints: a model's parameters saved to and loaded from
//! `safetensors` files (the `safetensors` feature), the format PyTorch,
//! candle and Hugging Face share. Each parameter is stored under its name
//! ([`Parameters::visit`]); loading checks each name, dtype and shape
//! against the parameter's layout before it changes any parameter.
//!
//! ```
//! use shaped::autograd::checkpoint::{from_safetensors, to_safetensors, CheckpointError};
//! use shaped::autograd::{Parameters, Var};
//! use shaped::{parameters, shape, Tensor};
//!
//! struct Linear { w: Var<f32, shape![3, 2]>, b: Var<f32, shape![2]> }
//! parameters!(Linear<f32> { w, b });
//!
//! let mut m = Linear { w: Var::param(Tensor::arange()), b: Var::param(Tensor::ones()) };
//! let bytes = to_safetensors(&mut m).unwrap();
//! let mut n = Linear { w: Var::param(Tensor::zeros()), b: Var::param(Tensor::zeros()) };
//! from_safetensors(&mut n, &bytes).unwrap();
//! assert_eq!(n.w.value(), m.w.value());
//!
//! // A model whose `w` is [2, 3]: the file's [3, 2] does not load.
//! struct Other { w: Var<f32, shape![2, 3]>, b: Var<f32, shape![2]> }
//! parameters!(Other<f32> { w, b });
//! let mut o = Other { w: Var::param(Tensor::zeros()), b: Var::param(Tensor::zeros()) };
//! let err = from_safetensors(&mut o, &bytes).unwrap_err();
//! assert_eq!(err.to_string(), "tensor 'w': expected a tensor of shape [2, 3], got shape [3, 2]");
//! assert!(matches!(err, CheckpointError::Shape { ref name, .. } if name == "w"));
//! ```

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use std::collections::{HashMap, HashSet};
use std::path::Path;

use safetensors::tensor::{Dtype, SafeTensorError, SafeTensors, View};

use crate::{DynTensor, ShapeError};

use super::Real;
use super::params::Parameters;

/// An element type a checkpoint stores: `f32` (`F32`) and `f64` (`F64`).
pub trait StoredElement: Real {
    /// Its `safetensors` dtype.
    const DTYPE: Dtype;
    /// The elements as little-endian bytes.
    fn to_le_bytes(values: &[Self]) -> Vec<u8>;
    /// The elements of little-endian bytes (a multiple of the size).
    fn from_le_bytes(bytes: &[u8]) -> Vec<Self>;
}

macro_rules! stored {
    ($($t:ty => $d:ident),*) => {$(
        impl StoredElement for $t {
            const DTYPE: Dtype = Dtype::$d;
            fn to_le_bytes(values: &[Self]) -> Vec<u8> {
                values.iter().flat_map(|v| v.to_le_bytes()).collect()
            }
            fn from_le_bytes(bytes: &[u8]) -> Vec<Self> {
                bytes
                    .chunks_exact(core::mem::size_of::<$t>())
                    .map(|c| <$t>::from_le_bytes(c.try_into().expect("chunks of the size")))
                    .collect()
            }
        }
    )*};
}
stored!(f32 => F32, f64 => F64);

/// Why a checkpoint could not be saved or loaded. Nothing is changed by a
/// load that fails.
#[derive(Debug)]
pub enum CheckpointError {
    /// Reading or writing the file.
    Io(std::io::Error),
    /// The bytes are not a `safetensors` file.
    Format(SafeTensorError),
    /// A parameter of the model is not in the file.
    Missing {
        /// The parameter's name.
        name: String,
    },
    /// The file holds a tensor the model has no parameter for.
    Unexpected {
        /// The tensor's name.
        name: String,
    },
    /// A tensor of another element type than its parameter's.
    Dtype {
        /// The tensor's name.
        name: String,
        /// The parameter's dtype.
        expected: Dtype,
        /// The file's.
        found: Dtype,
    },
    /// A tensor whose shape its parameter's layout does not admit: the
    /// shape error, with the tensor's name.
    Shape {
        /// The tensor's name.
        name: String,
        /// The layout required (`Dyn` sizes as `usize::MAX`) and the
        /// file's shape.
        error: ShapeError,
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io(e) => write!(f, "checkpoint file: {e}"),
            CheckpointError::Format(e) => write!(f, "not a safetensors file: {e}"),
            CheckpointError::Missing { name } => {
                write!(f, "tensor '{name}' is missing from the checkpoint")
            }
            CheckpointError::Unexpected { name } => {
                write!(
                    f,
                    "the checkpoint has a tensor '{name}' that the model does not"
                )
            }
            CheckpointError::Dtype {
                name,
                expected,
                found,
            } => {
                write!(
                    f,
                    "tensor '{name}': expected dtype {expected:?}, got {found:?}"
                )
            }
            CheckpointError::Shape { name, error } => write!(f, "tensor '{name}': {error}"),
        }
    }
}

impl std::error::Error for CheckpointError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckpointError::Io(e) => Some(e),
            CheckpointError::Format(e) => Some(e),
            CheckpointError::Shape { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<std::io::Error> for CheckpointError {
    fn from(e: std::io::Error) -> Self {
        CheckpointError::Io(e)
    }
}
impl From<SafeTensorError> for CheckpointError {
    fn from(e: SafeTensorError) -> Self {
        CheckpointError::Format(e)
    }
}

/// One parameter as `safetensors` writes it.
struct Stored {
    dtype: Dtype,
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl View for &Stored {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

/// The parameters of `model` as the bytes of a `safetensors` file, each
/// under its name.
pub fn to_safetensors<T: StoredElement, P: Parameters<T> + ?Sized>(
    model: &mut P,
) -> Result<Vec<u8>, CheckpointError> {
    let mut stored: Vec<(String, Stored)> = Vec::new();
    model.visit("", &mut |name, p| {
        let v = p.value_dyn();
        stored.push((
            name.to_string(),
            Stored {
                dtype: T::DTYPE,
                shape: v.shape().to_vec(),
                bytes: T::to_le_bytes(v.as_slice()),
            },
        ));
    });
    let views = stored.iter().map(|(n, s)| (n.as_str(), s));
    Ok(safetensors::serialize(views, &None)?)
}

/// Saves the parameters of `model` to a `safetensors` file at `path`.
pub fn save_safetensors<T: StoredElement, P: Parameters<T> + ?Sized>(
    model: &mut P,
    path: impl AsRef<Path>,
) -> Result<(), CheckpointError> {
    let bytes = to_safetensors(model)?;
    std::fs::write(path, bytes)?;
    Ok(())
}

/// Loads the parameters of `model` from the bytes of a `safetensors`
/// file: every parameter must be there under its name, with its element
/// type and a shape its layout admits, and the file must hold nothing
/// else. On an error no parameter has changed.
pub fn from_safetensors<T: StoredElement, P: Parameters<T> + ?Sized>(
    model: &mut P,
    bytes: &[u8],
) -> Result<(), CheckpointError> {
    let file = SafeTensors::deserialize(bytes)?;
    // Check everything first.
    let mut error: Option<CheckpointError> = None;
    let mut seen: HashSet<String> = HashSet::new();
    model.visit("", &mut |name, p| {
        if error.is_some() {
            return;
        }
        seen.insert(name.to_string());
        let t = match file.tensor(name) {
            Ok(t) => t,
            Err(_) => {
                error = Some(CheckpointError::Missing {
                    name: name.to_string(),
                });
                return;
            }
        };
        if t.dtype() != T::DTYPE {
            error = Some(CheckpointError::Dtype {
                name: name.to_string(),
                expected: T::DTYPE,
                found: t.dtype(),
            });
        } else if !p.admits(t.shape()) {
            error = Some(CheckpointError::Shape {
                name: name.to_string(),
                error: ShapeError::Mismatch {
                    expected: p.layout_dims(),
                    got: t.shape().to_vec(),
                },
            });
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    let mut names: Vec<&String> = file.names();
    names.sort();
    if let Some(extra) = names.into_iter().find(|n| !seen.contains(n.as_str())) {
        return Err(CheckpointError::Unexpected {
            name: extra.clone(),
        });
    }
    // Then load.
    let mut loaded: HashMap<String, DynTensor<T>> = HashMap::new();
    for name in &seen {
        let t = file.tensor(name)?;
        let values = T::from_le_bytes(t.data());
        let d = DynTensor::from_vec(values, t.shape()).map_err(|error| CheckpointError::Shape {
            name: name.clone(),
            error,
        })?;
        loaded.insert(name.clone(), d);
    }
    model.visit("", &mut |name, p| {
        if let Some(d) = loaded.remove(name) {
            *p.value_and_grad().0 = d;
        }
    });
    Ok(())
}

/// Loads the parameters of `model` from the `safetensors` file at `path`
/// (see [`from_safetensors`]).
pub fn load_safetensors<T: StoredElement, P: Parameters<T> + ?Sized>(
    model: &mut P,
    path: impl AsRef<Path>,
) -> Result<(), CheckpointError> {
    let bytes = std::fs::read(path)?;
    from_safetensors(model, &bytes)
}
