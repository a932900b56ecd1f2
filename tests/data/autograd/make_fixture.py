"""Writes python_written.safetensors, the fixture tests/autograd_checkpoint.rs
loads: a checkpoint of a 4-8-3 MLP as Python's safetensors writes it.

    python3 tests/data/autograd/make_fixture.py

Each tensor holds (arange(n) - n / 2) / 16 reshaped to its shape, in
float32, so the Rust test can state the values without reading NumPy.
"""
import pathlib

import numpy as np
from safetensors.numpy import save_file

SHAPES = {"w1": (4, 8), "b1": (8,), "w2": (8, 3), "b2": (3,)}


def values(shape):
    n = int(np.prod(shape))
    return ((np.arange(n) - n / 2) / 16).astype(np.float32).reshape(shape)


here = pathlib.Path(__file__).parent
save_file({k: values(s) for k, s in SHAPES.items()}, str(here / "python_written.safetensors"))
