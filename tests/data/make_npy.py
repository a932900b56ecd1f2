"""Writes the .npy fixtures of tests/interop_npy.rs with NumPy itself.

Run from the repository root: `python3 tests/data/make_npy.py` (made with
NumPy 2.4). The files are committed; the tests never run Python. Every array
holds values whose positions can be told apart (no symmetric data), so that a
reader that transposes or reverses anything gets a different answer. The
expected values are written out by hand in the Rust tests, not read from here.
"""

import io
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npy")
os.makedirs(OUT, exist_ok=True)


def save(name, array):
    np.save(os.path.join(OUT, name), array, allow_pickle=False)


def raw(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def saved_bytes(array, version=None):
    f = io.BytesIO()
    if version is None:
        np.save(f, array, allow_pickle=False)
    else:
        np.lib.format.write_array(f, array, version=version, allow_pickle=False)
    return f.getvalue()


# Floats: C order in both byte orders, Fortran order, rank 0, empty.
save("f64_2x3.npy", np.array([[1.5, -2.0, 3.25], [4.0, 5.5, -6.75]], dtype="<f8"))
save("f32_be_2x3x2.npy", (np.arange(12, dtype=">f4") * 0.5 - 1.0).reshape(2, 3, 2))
save("f32_2x2.npy", np.array([[0.25, -1.0], [3.0, 1e-3]], dtype="<f4"))
save("f64_fortran_3x4.npy", np.asfortranarray(np.arange(12, dtype="<f8").reshape(3, 4)))
save("i32_be_fortran_2x3x4.npy", np.asfortranarray(np.arange(24, dtype=">i4").reshape(2, 3, 4)))
save("f64_scalar.npy", np.array(3.5, dtype="<f8"))
save("f32_empty_0x3.npy", np.zeros((0, 3), dtype="<f4"))

# Every integer width, the extremes of each, in both byte orders.
save("i8.npy", np.array([-128, -1, 0, 1, 127], dtype="i1"))
save("i16.npy", np.array([-32768, -2, 3, 32767], dtype="<i2"))
save("i16_be.npy", np.array([-32768, -2, 3, 32767], dtype=">i2"))
save("i32.npy", np.array([[-2147483648, 7], [-7, 2147483647]], dtype="<i4"))
save("i64_be.npy", np.array([-(2**63), -5, 6, 2**63 - 1], dtype=">i8"))
save("u8.npy", np.array([0, 1, 128, 255], dtype="u1"))
save("u16_be.npy", np.array([0, 1, 258, 65535], dtype=">u2"))
save("u32.npy", np.array([0, 1, 16909060, 4294967295], dtype="<u4"))
save("u64.npy", np.array([0, 1, 2**63, 2**64 - 1], dtype="<u8"))
save("bool_2x3.npy", np.array([[True, False, False], [True, True, False]]))

# Other format versions (2.0: four-byte header length; 3.0: UTF-8 header).
raw("f64_v2.npy", saved_bytes(np.array([[1.0, 2.0, 3.0]], dtype="<f8"), version=(2, 0)))
raw("f64_v3.npy", saved_bytes(np.array([[1.0, 2.0, 3.0]], dtype="<f8"), version=(3, 0)))

# Not readable as a tensor: a structured dtype, a complex dtype.
save("structured.npy", np.zeros(2, dtype=[("x", "<f4"), ("y", "<i2")]))
save("c128.npy", np.array([1 + 2j], dtype="<c16"))

# Broken files, all cut from or forged after NumPy's own output.
good = saved_bytes(np.array([[1.5, -2.0, 3.25], [4.0, 5.5, -6.75]], dtype="<f8"))
raw("truncated_data.npy", good[: 128 + 20])  # header whole, 20 of 48 data bytes
raw("truncated_header.npy", good[:50])  # cut inside the header


def forged(shape, data):
    f = io.BytesIO()
    header = {"descr": "<f8", "fortran_order": False, "shape": shape}
    np.lib.format.write_array_header_1_0(f, header)
    return f.getvalue() + data


# A header announcing 8 * 10^18 bytes, followed by 16: must not allocate them.
raw("forged_huge.npy", forged((10**12, 10**6), b"\x00" * 16))
# A shape whose element count overflows 64 bits.
raw("forged_overflow.npy", forged((2**40, 2**40), b"\x00" * 16))
# A boolean file whose data bytes are not 0 or 1.
bad_bool = bytearray(saved_bytes(np.array([True, False, True])))
bad_bool[-2] = 7
raw("bool_invalid.npy", bytes(bad_bool))
