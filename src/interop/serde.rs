//! `Serialize` and `Deserialize` for every tensor kind (the `serde` feature).
//!
//! A tensor is written as a struct of three fields, the same for
//! [`Tensor`] (static or mixed shapes), [`DynTensor`] and boolean
//! `DynTensor<bool>`:
//!
//! - `shape`: the sizes, outermost first;
//! - `names`: the dimension names (`null` for an unnamed dimension), or
//!   `null` when no dimension is named;
//! - `data`: the elements in row-major order.
//!
//! ```
//! use shaped::{shape, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! let json = serde_json::to_string(&t).unwrap();
//! assert_eq!(json, r#"{"shape":[2,3],"names":null,"data":[0,1,2,3,4,5]}"#);
//! let back: Tensor<i32, shape![2, 3]> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, t);
//! ```
//!
//! Reading checks everything a constructor would: a static or mixed target
//! must have the shape of its type (checked as soon as `shape` is read, before
//! any element, and reported with the expected and the found shape), the
//! data must fill the shape, names must be unique and, where both the type
//! and the input name a dimension, equal. `names` may be left out. So a
//! tensor written from one kind reads back as another wherever the shape
//! fits:
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let json = r#"{"shape": [3, 2], "data": [1, 2, 3, 4, 5, 6]}"#;
//! let d: DynTensor<u8> = serde_json::from_str(json).unwrap();
//! assert_eq!(d.shape(), &[3, 2]);
//! let err = serde_json::from_str::<Tensor<u8, shape![2, 3]>>(json).unwrap_err();
//! assert!(err.to_string().starts_with("expected a tensor of shape [2, 3], got shape [3, 2]"));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use ::serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::{DynTensor, Element, Layout, ShapeError, Tensor};

/// The struct name every tensor kind is written under.
const NAME: &str = "Tensor";
/// The fields, in the order they are written.
const FIELDS: &[&str] = &["shape", "names", "data"];

/// Writes the three fields.
fn write<Se: Serializer, T: Serialize>(
    ser: Se,
    shape: &[usize],
    names: Option<&[Option<&str>]>,
    data: &[T],
) -> Result<Se::Ok, Se::Error> {
    let mut s = ser.serialize_struct(NAME, 3)?;
    s.serialize_field("shape", shape)?;
    s.serialize_field("names", &names)?;
    s.serialize_field("data", data)?;
    s.end()
}

impl<T: Element + Serialize, S: Layout> Serialize for Tensor<T, S> {
    fn serialize<Se: Serializer>(&self, ser: Se) -> Result<Se::Ok, Se::Error> {
        let all = S::NAMES;
        let names = S::NAMED.then_some(all.as_slice());
        write(ser, &self.shape(), names, self.as_slice())
    }
}

impl<T: Element + Serialize> Serialize for DynTensor<T> {
    fn serialize<Se: Serializer>(&self, ser: Se) -> Result<Se::Ok, Se::Error> {
        let names = self.is_named().then(|| self.names());
        write(ser, self.shape(), names.as_deref(), self.as_slice())
    }
}

impl Serialize for DynTensor<bool> {
    fn serialize<Se: Serializer>(&self, ser: Se) -> Result<Se::Ok, Se::Error> {
        let names = self.is_named().then(|| self.names());
        write(ser, self.shape(), names.as_deref(), self.as_slice())
    }
}

/// What was read, before it becomes a tensor.
struct Parts<T> {
    shape: Vec<usize>,
    names: Option<Vec<Option<String>>>,
    data: Vec<T>,
}

/// Checks a shape as soon as it is read (for a static or mixed target).
type Check = fn(&[usize]) -> Result<(), ShapeError>;

/// The shape check of layout `S`.
fn check<S: Layout>(shape: &[usize]) -> Result<(), ShapeError> {
    match S::extents_for(shape) {
        Some(_) => Ok(()),
        None => Err(ShapeError::Mismatch {
            expected: S::TEMPLATE.to_vec(),
            got: shape.to_vec(),
        }),
    }
}

/// Any shape is fine (for runtime tensors).
fn any_shape(_: &[usize]) -> Result<(), ShapeError> {
    Ok(())
}

/// A field of the struct.
enum Field {
    Shape,
    Names,
    Data,
    Other,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        struct FieldVisitor;
        impl Visitor<'_> for FieldVisitor {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`shape`, `names` or `data`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                Ok(match v {
                    "shape" => Field::Shape,
                    "names" => Field::Names,
                    "data" => Field::Data,
                    _ => Field::Other,
                })
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Field, E> {
                match core::str::from_utf8(v) {
                    Ok(s) => self.visit_str(s),
                    Err(_) => Ok(Field::Other),
                }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Field, E> {
                Ok(match v {
                    0 => Field::Shape,
                    1 => Field::Names,
                    2 => Field::Data,
                    _ => Field::Other,
                })
            }
        }
        de.deserialize_identifier(FieldVisitor)
    }
}

/// Reads [`Parts`] from a map (self-describing formats) or a sequence of
/// the three fields in order (compact formats).
struct PartsVisitor<T> {
    check: Check,
    elements: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for PartsVisitor<T> {
    type Value = Parts<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tensor: a struct with `shape`, `names` and `data`")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Parts<T>, A::Error> {
        let shape: Vec<usize> = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        (self.check)(&shape).map_err(de::Error::custom)?;
        let names = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        let data = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(2, &self))?;
        Ok(Parts { shape, names, data })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parts<T>, A::Error> {
        let (mut shape, mut names, mut data) = (None, None, None);
        while let Some(key) = map.next_key()? {
            match key {
                Field::Shape if shape.is_some() => return Err(de::Error::duplicate_field("shape")),
                Field::Names if names.is_some() => return Err(de::Error::duplicate_field("names")),
                Field::Data if data.is_some() => return Err(de::Error::duplicate_field("data")),
                Field::Shape => {
                    let s: Vec<usize> = map.next_value()?;
                    (self.check)(&s).map_err(de::Error::custom)?;
                    shape = Some(s);
                }
                Field::Names => names = Some(map.next_value()?),
                Field::Data => data = Some(map.next_value()?),
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Parts {
            shape: shape.ok_or_else(|| de::Error::missing_field("shape"))?,
            names: names.flatten(),
            data: data.ok_or_else(|| de::Error::missing_field("data"))?,
        })
    }
}

/// Reads the fields, checking the shape with `check`.
fn read<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    de: D,
    check: Check,
) -> Result<Parts<T>, D::Error> {
    let visitor = PartsVisitor {
        check,
        elements: PhantomData,
    };
    de.deserialize_struct(NAME, FIELDS, visitor)
}

/// Names a tensor built from [`Parts`] (no names: unchanged).
fn named<T, E: de::Error>(
    t: DynTensor<T>,
    names: Option<Vec<Option<String>>>,
) -> Result<DynTensor<T>, E> {
    match names {
        Some(names) => t.with_names(&names).map_err(E::custom),
        None => Ok(t),
    }
}

/// A runtime tensor from [`Parts`].
fn to_dyn<T: Element, E: de::Error>(p: Parts<T>) -> Result<DynTensor<T>, E> {
    let t = DynTensor::from_vec(p.data, &p.shape).map_err(E::custom)?;
    named(t, p.names)
}

impl<'de, T: Element + Deserialize<'de>> Deserialize<'de> for DynTensor<T> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        to_dyn(read(de, any_shape)?)
    }
}

impl<'de> Deserialize<'de> for DynTensor<bool> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let p: Parts<bool> = read(de, any_shape)?;
        let t = DynTensor::from_bools(p.data, &p.shape).map_err(de::Error::custom)?;
        named(t, p.names)
    }
}

impl<'de, T: Element + Deserialize<'de>, S: Layout> Deserialize<'de> for Tensor<T, S> {
    /// Fails unless the shape is `S`'s (each static size equal, any size
    /// where `S` has `Dyn`), with the message of [`ShapeError::Mismatch`]:
    /// `expected a tensor of shape [2, 3], got shape [3, 2]`.
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let t = to_dyn(read(de, check::<S>)?)?;
        Tensor::try_from(t).map_err(de::Error::custom)
    }
}
