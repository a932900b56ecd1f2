//! The `serde` feature, through serde_json: the format written, round trips
//! for every tensor kind, and the checks made on the way in.
#![cfg(feature = "serde")]

use shaped::{Dyn, DynTensor, Tensor, dim_names, shape};

dim_names!(H, W);

fn json<X: serde::Serialize>(x: &X) -> String {
    serde_json::to_string(x).unwrap()
}

fn error<X: serde::de::DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    serde_json::from_str::<X>(text).unwrap_err().to_string()
}

#[test]
fn static_tensors_write_shape_names_and_row_major_data() {
    let t = Tensor::<f32, shape![2, 3]>::from_slice(&[0.5, -1.0, 2.0, 3.5, 4.0, -5.25]).unwrap();
    let text = json(&t);
    assert_eq!(
        text,
        r#"{"shape":[2,3],"names":null,"data":[0.5,-1.0,2.0,3.5,4.0,-5.25]}"#
    );
    let back: Tensor<f32, shape![2, 3]> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, t);

    // Rank 0 and a heap-sized tensor.
    assert_eq!(
        json(&Tensor::<i8, shape![]>::full(-3)),
        r#"{"shape":[],"names":null,"data":[-3]}"#
    );
    let big = Tensor::<u16, shape![40, 30]>::from_fn(|i| (i * 31 % 1000) as u16);
    let back: Tensor<u16, shape![40, 30]> = serde_json::from_str(&json(&big)).unwrap();
    assert_eq!(back, big);
}

#[test]
fn mixed_tensors_round_trip_and_check_their_static_sizes() {
    let m = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![1, 2, 3, 4, 5, 6], &[3]).unwrap();
    let text = json(&m);
    assert_eq!(text, r#"{"shape":[3,2],"names":null,"data":[1,2,3,4,5,6]}"#);
    let back: Tensor<i32, shape![Dyn, 2]> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, m);
    assert_eq!(&*back.shape(), &[3, 2]);

    let wrong = r#"{"shape":[2,3],"data":[1,2,3,4,5,6]}"#;
    assert!(
        error::<Tensor<i32, shape![Dyn, 2]>>(wrong)
            .starts_with("expected a tensor of shape [Dyn, 2], got shape [2, 3]")
    );
}

#[test]
fn runtime_tensors_round_trip_with_their_names() {
    let d = DynTensor::from_vec(vec![1u8, 2, 3, 4, 5, 6], &[3, 2])
        .unwrap()
        .with_names([None, Some("H")])
        .unwrap();
    let text = json(&d);
    assert_eq!(
        text,
        r#"{"shape":[3,2],"names":[null,"H"],"data":[1,2,3,4,5,6]}"#
    );
    let back: DynTensor<u8> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, d);
    assert_eq!(back.names(), [None, Some("H")]);

    let plain = DynTensor::<f64>::scalar(2.5);
    assert_eq!(json(&plain), r#"{"shape":[],"names":null,"data":[2.5]}"#);
    assert_eq!(
        serde_json::from_str::<DynTensor<f64>>(&json(&plain)).unwrap(),
        plain
    );
}

#[test]
fn static_names_are_written_and_checked() {
    let t = Tensor::<i64, shape![H: 2, W: 3]>::arange();
    let text = json(&t);
    assert_eq!(
        text,
        r#"{"shape":[2,3],"names":["H","W"],"data":[0,1,2,3,4,5]}"#
    );
    let back: Tensor<i64, shape![H: 2, W: 3]> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, t);
    // A runtime tensor keeps the names it read.
    let d: DynTensor<i64> = serde_json::from_str(&text).unwrap();
    assert_eq!(d.names(), [Some("H"), Some("W")]);
    // Unnamed data takes the type's names.
    let unnamed: Tensor<i64, shape![H: 2, W: 3]> =
        serde_json::from_str(r#"{"shape":[2,3],"data":[0,1,2,3,4,5]}"#).unwrap();
    assert_eq!(unnamed.names(), [Some("H"), Some("W")]);
    // Names that contradict the type's do not read.
    let swapped = r#"{"shape":[2,3],"names":["W","H"],"data":[0,1,2,3,4,5]}"#;
    let err = error::<Tensor<i64, shape![H: 2, W: 3]>>(swapped);
    assert!(
        err.starts_with("expected a tensor with names [H, W], got names [W, H]"),
        "{err}"
    );
    // Names repeated are an error for runtime tensors too.
    let twice = r#"{"shape":[2,3],"names":["H","H"],"data":[0,1,2,3,4,5]}"#;
    assert!(
        error::<DynTensor<i64>>(twice)
            .starts_with("Cannot construct a tensor with duplicate names")
    );
}

#[test]
fn static_shapes_are_checked_naming_both_shapes() {
    let text = r#"{"shape":[3,2],"names":null,"data":[1,2,3,4,5,6]}"#;
    let err = error::<Tensor<u32, shape![2, 3]>>(text);
    assert!(
        err.starts_with("expected a tensor of shape [2, 3], got shape [3, 2]"),
        "{err}"
    );
    let err = error::<Tensor<u32, shape![6]>>(text);
    assert!(
        err.starts_with("expected a tensor of shape [6], got shape [3, 2]"),
        "{err}"
    );
    // The shape is checked as soon as it is read, before the data (which
    // here is not even a list).
    let early = r#"{"shape":[3,2],"data":"not read"}"#;
    assert!(error::<Tensor<u32, shape![2, 3]>>(early).starts_with("expected a tensor of shape"));
    // A runtime tensor accepts any shape.
    let d: DynTensor<u32> = serde_json::from_str(text).unwrap();
    assert_eq!(
        (d.shape(), d.to_vec()),
        (&[3, 2][..], vec![1, 2, 3, 4, 5, 6])
    );
}

#[test]
fn malformed_input_is_an_error() {
    assert!(
        error::<DynTensor<f32>>(r#"{"shape":[2,3],"data":[1,2,3,4,5]}"#)
            .starts_with("shape '[2, 3]' is invalid for input of size 5")
    );
    assert!(
        error::<Tensor<f32, shape![2, 3]>>(r#"{"shape":[2,3],"data":[1,2,3,4,5,6,7]}"#)
            .starts_with("shape '[2, 3]' is invalid for input of size 7")
    );
    assert!(error::<DynTensor<f32>>(r#"{"shape":[2]}"#).starts_with("missing field `data`"));
    assert!(error::<DynTensor<f32>>(r#"{"data":[1]}"#).starts_with("missing field `shape`"));
    assert!(
        error::<DynTensor<f32>>(r#"{"shape":[1],"shape":[1],"data":[1]}"#)
            .starts_with("duplicate field `shape`")
    );
    assert!(error::<DynTensor<u8>>(r#"{"shape":[1],"data":[256]}"#).contains("256"));
    assert!(error::<DynTensor<u8>>(r#"{"shape":[-1],"data":[]}"#).contains("-1"));
    // Fields it does not know are skipped.
    let t: DynTensor<u8> =
        serde_json::from_str(r#"{"dtype":"uint8","shape":[2],"data":[7,8]}"#).unwrap();
    assert_eq!(t.to_vec(), vec![7, 8]);
}

#[test]
fn the_compact_form_is_a_sequence_of_the_three_fields() {
    // serde_json reads a struct from an array too: the form compact formats use.
    let t: Tensor<i16, shape![2, 2]> = serde_json::from_str("[[2,2],null,[1,-2,3,-4]]").unwrap();
    assert_eq!(t.as_slice(), &[1, -2, 3, -4]);
    let named: DynTensor<i16> = serde_json::from_str(r#"[[2],["W"],[5,6]]"#).unwrap();
    assert_eq!(named.names(), [Some("W")]);
    assert!(
        error::<Tensor<i16, shape![2, 2]>>("[[4],null,[1,2,3,4]]")
            .starts_with("expected a tensor of shape [2, 2], got shape [4]")
    );
    assert!(error::<DynTensor<i16>>("[[2]]").contains("invalid length 1"));
}

#[test]
fn boolean_tensors() {
    let m = DynTensor::from_bools(vec![true, false, false], &[3, 1]).unwrap();
    let text = json(&m);
    assert_eq!(
        text,
        r#"{"shape":[3,1],"names":null,"data":[true,false,false]}"#
    );
    assert_eq!(serde_json::from_str::<DynTensor<bool>>(&text).unwrap(), m);
    assert!(
        error::<DynTensor<bool>>(r#"{"shape":[2],"data":[true]}"#)
            .starts_with("shape '[2]' is invalid for input of size 1")
    );
}

/// The size policy on the way in: an empty tensor with a size past
/// isize::MAX is refused (as NumPy refuses it), one up to it is read.
#[test]
fn empty_tensors_past_the_size_policy_are_refused() {
    for shape in ["[18446744073709551615,0]", "[0,4294967296,4294967296]"] {
        let text = format!(r#"{{"shape":{shape},"names":null,"data":[]}}"#);
        let e = error::<DynTensor<f32>>(&text);
        assert!(e.contains("is too large"), "{shape}: {e}");
    }
    let text = r#"{"shape":[9223372036854775807,0],"names":null,"data":[]}"#;
    let t: DynTensor<f32> = serde_json::from_str(text).unwrap();
    assert_eq!(t.shape(), &[isize::MAX as usize, 0]);
}
