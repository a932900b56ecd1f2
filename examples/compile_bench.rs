//! The compile-time benchmark: generated programs with N distinct static
//! broadcast additions (`Tensor<f32, shape![..]>`), and the same programs
//! written with ndarray, timed under `cargo check`, a debug build and a
//! release build.
//!
//! ```sh
//! cargo run --release --example compile_bench               # N = 50 and 500
//! cargo run --release --example compile_bench -- 50 --runs 5
//! cargo run --release --example compile_bench -- --docs     # also docs/benchmarks.md's table
//! cargo run --release --example compile_bench -- 500 --only shaped --layout fns --runs 1
//! cargo run --release --example compile_bench -- 500 --layout fns --seed 7  # other shapes
//! cargo run --release --example compile_bench -- 500 --layout fns --mix ml     # other mix
//! cargo run --release --example compile_bench -- 500 --layout generic           # generic code
//! cargo run --release --example compile_bench -- 500 --layout fns --dyn          # a `Dyn` in each
//! ```
//!
//! `--only LIB` (`shaped` or `ndarray`) and `--layout L` (`main`, `fns` or `generic`)
//! measure one program of the four, for trying a change; `--write` only
//! writes the programs (to profile them by hand with `cargo +nightly rustc`).
//!
//! Each program comes in two layouts: every operation in `main`, and every
//! operation in a function of its own (`#[inline(never)] fn op17()`), as
//! operations are spread in real code. The first is the worst case for a
//! library whose small operations are inlined and unrolled: one huge
//! function for the optimiser. A third, `--layout generic`, measured only
//! when asked for, is `fns` with every operation written as a call to a
//! generic function (`fn add<S: BroadcastWith<R>, R: Layout>(..) { a + b }`,
//! and ndarray's `D: DimMax<E>`), as generic code calls them.
//!
//! The programs are written to `<target>/compile-bench/` (`<target>` is
//! `$CARGO_TARGET_DIR` or `target`), never into the source tree. Each is a
//! standalone package depending on this crate by path (or on ndarray, at the
//! version in this crate's `Cargo.lock`). Its dependencies are built once
//! first; each measurement then touches `src/main.rs` and times the cargo
//! command, which recompiles the program alone (`CARGO_INCREMENTAL=0`, so
//! every debug build starts from scratch). The median of `--runs` (default 3)
//! is reported.
//!
//! The operations: ranks 1 to 8, sizes 1 to 4096, at most 2^22 elements;
//! half of them small enough (at most 128 elements) to take the unrolled
//! static path. Shapes are drawn from a fixed seed, so every run compiles the
//! same programs; `--seed S` draws other shapes from the same distribution
//! (the programs of seed `S` are written to directories of their own).
//! `--mix ml` draws from another distribution instead, closer to the
//! activations and weights of a small network: ranks 1 to 5, sizes 1 to 256,
//! at most 2^20 elements, about a third of them small. The ndarray version
//! uses fixed-rank arrays up to rank 6 and `ArrayD` beyond. `--dyn` makes
//! the first dimension of each left operand of ours `Dyn` (`shape![Dyn,
//! 3]`, its size given at run time), for the runtime path of mixed layouts.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .map(|i| args.get(i + 1).expect("a flag's value").as_str())
    };
    let runs = value("--runs").map_or(3, |r| r.parse().expect("--runs <n>"));
    let only = value("--only");
    let only_layout = value("--layout");
    let write_only = args.iter().any(|a| a == "--write");
    let seed = value("--seed").map(|s| s.parse::<u64>().expect("--seed <number>"));
    let ml = match value("--mix") {
        None => false,
        Some("ml") => true,
        Some(m) => panic!("--mix {m}: the only other mix is `ml`"),
    };
    let dynamic = args.iter().any(|a| a == "--dyn");
    let mut sizes: Vec<usize> = args
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || !["--runs", "--seed", "--mix"].contains(&args[i - 1].as_str()))
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![50, 500];
    }
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let target = std::env::var("CARGO_TARGET_DIR").map_or(crate_dir.join("target"), PathBuf::from);
    let root = target.join("compile-bench");
    let ndarray = locked_version(&crate_dir, "ndarray").unwrap_or_else(|| "0.16".into());

    let mut rows = Vec::new();
    for &n in &sizes {
        let ops = if ml {
            operations_ml(n, seed)
        } else {
            operations(n, seed)
        };
        for (layout, lib) in [
            (MAIN, "shaped"),
            (MAIN, "ndarray"),
            (FNS, "shaped"),
            (FNS, "ndarray"),
            (GENERIC, "shaped"),
            (GENERIC, "ndarray"),
        ] {
            if only.is_some_and(|o| o != lib)
                || only_layout.is_some_and(|l| l != layout)
                || (layout == GENERIC && only_layout != Some(GENERIC))
            {
                continue;
            }
            let mix = match (ml, dynamic) {
                (false, false) => "",
                (true, false) => "_ml",
                (false, true) => "_dyn",
                (true, true) => "_ml_dyn",
            };
            let dir = match seed {
                Some(s) => root.join(format!("{lib}_{n}_{layout}{mix}_seed{s}")),
                None => root.join(format!("{lib}_{n}_{layout}{mix}")),
            };
            write_project(&dir, lib, (layout, dynamic), &ops, &crate_dir, &ndarray);
            if write_only {
                eprintln!("wrote {}", dir.display());
                continue;
            }
            eprintln!("{}: building dependencies", dir.display());
            for args in [&["check"][..], &["build"], &["build", "--release"]] {
                cargo(&dir, args);
            }
            let mut times = [(0.0, 0.0); 3];
            for (k, args) in [&["check"][..], &["build"], &["build", "--release"]]
                .iter()
                .enumerate()
            {
                let samples: Vec<(f64, f64)> = (0..runs)
                    .map(|_| {
                        touch(&dir.join("src/main.rs"));
                        cargo(&dir, args)
                    })
                    .collect();
                times[k] = (
                    median(samples.iter().map(|s| s.0)),
                    median(samples.iter().map(|s| s.1)),
                );
                eprintln!(
                    "  {lib} {n} {layout} {}: {:.2} s wall, {:.2} s CPU ({samples:.2?})",
                    args.join(" "),
                    times[k].0,
                    times[k].1
                );
            }
            rows.push((n, layout, lib, times));
        }
    }
    let table = table(&rows, runs);
    print!("{table}");
    if args.iter().any(|a| a == "--docs") && !write_only {
        if only.is_some() || only_layout.is_some() || seed.is_some() || ml || dynamic {
            eprintln!(
                "--docs takes the table's four programs: not with --only, --layout, --seed, --mix or --dyn"
            );
            std::process::exit(1);
        }
        let page_path = crate_dir.join("docs/benchmarks.md");
        let page = fs::read_to_string(&page_path).expect("read docs/benchmarks.md");
        let (start, end) = ("<!-- compile:start -->", "<!-- compile:end -->");
        let (Some(i), Some(j)) = (
            // The markers on lines of their own: the page's prose names them too.
            page.find(&format!("\n{start}\n")).map(|i| i + 1),
            page.find(&format!("\n{end}")).map(|j| j + 1),
        ) else {
            eprintln!("docs/benchmarks.md has no {start} ... {end} markers");
            std::process::exit(1);
        };
        let new = format!("{}{start}\n{table}{}", &page[..i], &page[j..]);
        fs::write(&page_path, new).expect("write docs/benchmarks.md");
        eprintln!("rewrote the compile-time table in docs/benchmarks.md");
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    /// Seeded by `seed`, else by `fixed` (xorshift needs a state other than 0).
    fn seeded(seed: Option<u64>, fixed: u64) -> Rng {
        Rng(seed.map_or(fixed, |s| s.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1))
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// `dims` with each size made 1 with probability 1/3.
    fn thin(&mut self, dims: &[usize]) -> Vec<usize> {
        dims.iter()
            .map(|&d| if self.below(3) == 0 { 1 } else { d })
            .collect()
    }
}

/// `n` distinct pairs of shapes that broadcast, drawn from `seed` (or the
/// fixed seed of the benchmarks page's table).
fn operations(n: usize, seed: Option<u64>) -> Vec<(Vec<usize>, Vec<usize>)> {
    const SIZES: [usize; 13] = [1, 1, 2, 3, 4, 5, 7, 8, 16, 32, 64, 256, 1024];
    const LARGE: [usize; 3] = [128, 2048, 4096];
    let mut rng = Rng::seeded(seed, 0x5eed_f0b0_adca_5700);
    let mut seen = BTreeSet::new();
    let mut ops = Vec::new();
    while ops.len() < n {
        let small = ops.len() % 2 == 0;
        let rank = 1 + rng.below(if small { 4 } else { 8 });
        let out: Vec<usize> = (0..rank)
            .map(|_| {
                if !small && rng.below(8) == 0 {
                    LARGE[rng.below(LARGE.len())]
                } else {
                    SIZES[rng.below(if small { 8 } else { SIZES.len() })]
                }
            })
            .collect();
        let numel: usize = out.iter().product();
        if (small && numel > 128) || (!small && (numel <= 128 || numel > 1 << 22)) {
            continue;
        }
        // Each operand: a suffix of the output's shape, with some sizes 1.
        let mut operand = || {
            let r = 1 + rng.below(rank);
            rng.thin(&out[rank - r..])
        };
        let (a, b) = (operand(), operand());
        if seen.insert((a.clone(), b.clone())) {
            ops.push((a, b));
        }
    }
    ops
}

/// `n` distinct pairs of shapes for `--mix ml`: each output size kept by an
/// operand with probability 2/3, the right operand a suffix.
fn operations_ml(n: usize, seed: Option<u64>) -> Vec<(Vec<usize>, Vec<usize>)> {
    const SIZES: [usize; 18] = [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 24, 32, 48, 64, 100, 128, 256,
    ];
    let mut rng = Rng::seeded(seed, 0x0dd5_ca1e_b0a7_5eed);
    let mut seen = BTreeSet::new();
    let mut ops = Vec::new();
    while ops.len() < n {
        let rank = 1 + rng.below(5);
        let out: Vec<usize> = (0..rank).map(|_| SIZES[rng.below(SIZES.len())]).collect();
        if out.iter().product::<usize>() > 1 << 20 {
            continue;
        }
        let a = rng.thin(&out);
        let r = 1 + rng.below(rank);
        let b = rng.thin(&out[rank - r..]);
        if seen.insert((a.clone(), b.clone())) {
            ops.push((a, b));
        }
    }
    ops
}

fn list(dims: &[usize]) -> String {
    dims.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every operation in `main`.
const MAIN: &str = "main";
/// Every operation in a function of its own.
const FNS: &str = "fns";
/// [`FNS`], every operation a call to a generic function.
const GENERIC: &str = "generic";

/// The program: every operation on ones, its result passed to a sink that
/// the optimiser cannot see through; in `main` or one function each.
/// With `dynamic`, our left operands' first dimension is `Dyn`.
fn program(lib: &str, (layout, dynamic): (&str, bool), ops: &[(Vec<usize>, Vec<usize>)]) -> String {
    let mut s = String::new();
    let dyn_import = if dynamic { "Dyn, " } else { "" };
    match (lib, layout) {
        ("shaped", GENERIC) => {
            let _ = write!(
                s,
                "use shaped::{{shape, Broadcast, BroadcastWith, {dyn_import}Layout, Tensor}};\n\n\
                 fn add<S: BroadcastWith<R>, R: Layout>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) \
                 -> Tensor<f32, Broadcast<S, R>> {{\n    a + b\n}}\n"
            );
        }
        ("shaped", _) => {
            let _ = writeln!(s, "use shaped::{{shape, {dyn_import}Tensor}};");
        }
        (_, GENERIC) => s.push_str(
            "use ndarray::{Array, DimMax, Dimension, IxDyn};\n\n\
             fn add<D: Dimension + DimMax<E>, E: Dimension>(a: &Array<f32, D>, b: &Array<f32, E>) \
             -> Array<f32, <D as DimMax<E>>::Output> {\n    a + b\n}\n",
        ),
        _ => s.push_str("use ndarray::{Array, IxDyn};\n"),
    }
    s.push_str(
        "#[inline(never)]\nfn sink<T>(t: T) {\n    std::hint::black_box(t);\n}\n\nfn main() {\n",
    );
    s.push_str("    // Never run: each operation would allocate up to 16 MiB.\n");
    s.push_str("    if std::env::args().count() < 100 {\n        return;\n    }\n");
    let mut fns = String::new();
    for (k, (a, b)) in ops.iter().enumerate() {
        let line = match lib {
            "shaped" => {
                let lhs = match a.split_first() {
                    Some((first, rest)) if dynamic => {
                        let rest: String = rest.iter().map(|d| format!(", {d}")).collect();
                        format!("Tensor::<f32, shape![Dyn{rest}]>::ones_sized(&[{first}])")
                    }
                    _ => format!("Tensor::<f32, shape![{}]>::ones()", list(a)),
                };
                let rhs = format!("Tensor::<f32, shape![{}]>::ones()", list(b));
                if layout == GENERIC {
                    format!("    sink(add(&{lhs}, &{rhs}));\n")
                } else {
                    format!("    sink({lhs} + {rhs});\n")
                }
            }
            _ => {
                let arr = |d: &[usize]| {
                    if d.len().max(a.len()).max(b.len()) <= 6 {
                        format!("&Array::<f32, _>::ones(({},))", list(d))
                    } else {
                        format!("&Array::<f32, IxDyn>::ones(IxDyn(&[{}]))", list(d))
                    }
                };
                if layout == GENERIC {
                    format!("    sink(add({}, {}));\n", arr(a), arr(b))
                } else {
                    format!("    sink({} + {});\n", arr(a), arr(b))
                }
            }
        };
        if layout == MAIN {
            s.push_str(&line);
        } else {
            let _ = writeln!(s, "    op{k}();");
            let _ = write!(fns, "\n#[inline(never)]\nfn op{k}() {{\n{line}}}\n");
        }
    }
    s.push_str("}\n");
    s.push_str(&fns);
    s
}

fn write_project(
    dir: &Path,
    lib: &str,
    layout: (&str, bool),
    ops: &[(Vec<usize>, Vec<usize>)],
    crate_dir: &Path,
    ndarray: &str,
) {
    fs::create_dir_all(dir.join("src")).expect("create the project");
    let dep = match lib {
        "shaped" => format!(
            "shaped = {{ path = {:?} }}",
            crate_dir.display().to_string()
        ),
        _ => format!("ndarray = \"={ndarray}\""),
    };
    let manifest = format!(
        "[package]\nname = \"compile-bench-{}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{dep}\n\n[workspace]\n",
        dir.file_name().unwrap().to_string_lossy().replace('_', "-")
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest);
    write_if_changed(&dir.join("src/main.rs"), &program(lib, layout, ops));
    // The same dependency versions as this crate, resolved without the network.
    if !dir.join("Cargo.lock").exists() {
        let _ = fs::copy(crate_dir.join("Cargo.lock"), dir.join("Cargo.lock"));
    }
    // The toolchain this crate pins.
    let _ = fs::copy(
        crate_dir.join("rust-toolchain.toml"),
        dir.join("rust-toolchain.toml"),
    );
}

fn write_if_changed(path: &Path, text: &str) {
    if fs::read_to_string(path).ok().as_deref() != Some(text) {
        fs::write(path, text).expect("write the project");
    }
}

/// Sets the file's modification time to now, so that cargo rebuilds it.
fn touch(path: &Path) {
    let file = fs::File::options()
        .append(true)
        .open(path)
        .expect("open main.rs");
    file.set_modified(std::time::SystemTime::now())
        .expect("touch main.rs");
}

/// CPU time (user + system) used so far by this process's waited-for
/// children, in seconds, from `/proc/self/stat` (0 where there is none).
fn children_cpu() -> f64 {
    let stat = fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may contain spaces), from field 3.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i - 3)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // cutime and cstime are fields 16 and 17, in clock ticks (100 per second on Linux).
    (ticks(16) + ticks(17)) / 100.0
}

/// Runs `cargo <args>` in `dir` and returns its wall time and CPU time in
/// seconds.
fn cargo(dir: &Path, args: &[&str]) -> (f64, f64) {
    let cpu = children_cpu();
    let start = Instant::now();
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .arg("--quiet")
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env("CARGO_INCREMENTAL", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    let t = (start.elapsed().as_secs_f64(), children_cpu() - cpu);
    if !out.status.success() {
        panic!(
            "cargo {} failed in {}:\n{}",
            args.join(" "),
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    t
}

/// The version of `name` in this crate's `Cargo.lock`.
fn locked_version(crate_dir: &Path, name: &str) -> Option<String> {
    let lock = fs::read_to_string(crate_dir.join("Cargo.lock")).ok()?;
    let pattern = format!("name = \"{name}\"\nversion = \"");
    let at = lock.find(&pattern)? + pattern.len();
    Some(lock[at..].split('"').next()?.to_string())
}

fn median(xs: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = xs.collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

type Row<'a> = (usize, &'a str, &'a str, [(f64, f64); 3]);

fn table(rows: &[Row<'_>], runs: usize) -> String {
    let mut s = String::new();
    let generic = if rows.iter().any(|r| r.1 == GENERIC) {
        "; in `generic`: one function per operation, calling a generic function"
    } else {
        ""
    };
    let _ = writeln!(
        s,
        "Compile time of the program alone (dependencies prebuilt), wall / CPU seconds, median of {runs}; \
         in `main`: every operation in `main`; in `fns`: one function per operation{generic}.\n"
    );
    let _ = writeln!(
        s,
        "| program | `cargo check` | debug build | release build |"
    );
    let _ = writeln!(s, "|---|---|---|---|");
    let keys: BTreeSet<(usize, &str)> = rows.iter().map(|r| (r.0, r.1)).collect();
    for &(n, layout) in &keys {
        let find = |lib: &str| {
            rows.iter()
                .find(|r| r.0 == n && r.1 == layout && r.2 == lib)
                .map(|r| r.3)
        };
        for lib in ["shaped", "ndarray"] {
            if let Some(t) = find(lib) {
                let _ = write!(s, "| {n} ops in `{layout}`, {lib} |");
                for (wall, cpu) in t {
                    let _ = write!(s, " {wall:.2} / {cpu:.2} |");
                }
                s.push('\n');
            }
        }
        if let (Some(a), Some(b)) = (find("shaped"), find("ndarray")) {
            let _ = write!(s, "| shaped / ndarray |");
            for k in 0..3 {
                let _ = write!(s, " {:.1}x / {:.1}x |", a[k].0 / b[k].0, a[k].1 / b[k].1);
            }
            s.push('\n');
        }
    }
    s
}
