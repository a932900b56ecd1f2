"""Reads a checkpoint written by shaped (examples/checkpoint.rs) with
Python's safetensors and checks its names, dtypes, shapes and values.

    cargo run --features safetensors --example checkpoint -- /tmp/model.safetensors
    python3 tests/data/autograd/check_rust_written.py /tmp/model.safetensors

The example stores, for each parameter, (arange(n) - n / 2) / 16 in
float32 (the same values as make_fixture.py), so the expected values are
computed here independently of the Rust side.
"""
import sys

import numpy as np
from safetensors.numpy import load_file

SHAPES = {"w1": (4, 8), "b1": (8,), "w2": (8, 3), "b2": (3,)}

tensors = load_file(sys.argv[1])
assert sorted(tensors) == sorted(SHAPES), sorted(tensors)
for name, shape in SHAPES.items():
    t = tensors[name]
    assert t.dtype == np.float32, (name, t.dtype)
    assert t.shape == shape, (name, t.shape)
    n = int(np.prod(shape))
    want = ((np.arange(n) - n / 2) / 16).astype(np.float32).reshape(shape)
    assert np.array_equal(t, want), (name, t, want)
print(f"python: {len(tensors)} tensors with the expected names, dtypes, shapes and values")
