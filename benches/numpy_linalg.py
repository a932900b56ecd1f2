"""NumPy's numbers for benches/linalg.rs: the same functions on the same
matrices (n = 32, 128, 512, f64), single-threaded.

Run it as the benchmarks page says:

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 \\
        python3 benches/numpy_linalg.py

(the two unset variables, where the machine sets them, pin OpenBLAS to a
core type and cache size of its choosing; unset, OpenBLAS detects the CPU
as a user's install does). It prints the BLAS library, its kernel
(threadpoolctl's `internal_api` and `architecture`) and thread count, then
one line per function and size: the median of 7 rounds, each the mean of
as many calls as fill 0.2 s.
"""

import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

try:
    from threadpoolctl import threadpool_info
except ImportError:  # the kernel line is then missing, the timings are not
    threadpool_info = None


def matrices(n):
    """The bench's matrix: values in [-1, 1), n added on the diagonal."""
    i = np.arange(n * n)
    v = ((i * 7919 + 13) % 1000) / 500.0 - 1.0
    v[i % (n * n) % (n + 1) == 0] += n
    return v.reshape(n, n)


def timed(f):
    calls = 1
    while True:
        t = time.perf_counter()
        for _ in range(calls):
            f()
        dt = time.perf_counter() - t
        if dt >= 0.2:
            break
        calls *= 2
    rounds = []
    for _ in range(7):
        t = time.perf_counter()
        for _ in range(calls):
            f()
        rounds.append((time.perf_counter() - t) / calls)
    return sorted(rounds)[3]


def main():
    print(f"numpy {np.__version__}, python {sys.version.split()[0]}")
    if threadpool_info is not None:
        for p in threadpool_info():
            print(
                f"blas: {p.get('internal_api')} {p.get('version')}, "
                f"kernel {p.get('architecture')}, threads {p.get('num_threads')}"
            )
    for var in ("OPENBLAS_NUM_THREADS", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        print(f"{var}={os.environ.get(var, '(unset)')}")
    sizes = [int(a) for a in sys.argv[1:]] or [32, 128, 512]
    for n in sizes:
        a = matrices(n)
        s = a @ a.T
        b = (np.arange(n * 8) % 7).astype(float).reshape(n, 8)
        cases = [
            ("inv", lambda: np.linalg.inv(a)),
            ("det", lambda: np.linalg.det(a)),
            ("solve", lambda: np.linalg.solve(a, b)),
            ("cholesky", lambda: np.linalg.cholesky(s)),
            ("qr", lambda: np.linalg.qr(a)),
            ("eigh", lambda: np.linalg.eigh(s)),
            ("svd", lambda: np.linalg.svd(a, full_matrices=False)),
        ]
        for name, f in cases:
            print(f"{name} numpy/{n}: {timed(f) * 1e6:.2f} us")


if __name__ == "__main__":
    main()
