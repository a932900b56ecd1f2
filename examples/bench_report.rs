//! Prints the comparison table of the `broadcast` benchmark and draws it as
//! an SVG chart, from criterion's output.
//!
//! ```sh
//! cargo bench --bench broadcast                      # about 5 minutes
//! cargo run --release --example bench_report         # table on stdout, docs/bench.svg
//! cargo run --release --example bench_report -- --docs     # also the tables of docs/benchmarks.md
//! ```
//!
//! Reads `<target>/criterion/<group>/<implementation>/new/estimates.json`
//! (the mean's point estimate, in ns) and `benchmark.json` (the names), where
//! `<target>` is `$CARGO_TARGET_DIR` or `target`, or `--criterion <dir>`.
//! With `--docs`, the text between `<!-- bench:start -->` and
//! `<!-- bench:end -->` in docs/benchmarks.md is replaced by the tables.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The implementations, in column order, with their chart colours.
const IMPLS: [(&str, &str, &str); 6] = [
    ("static", "static `Tensor`", "#1f77b4"),
    ("dyn", "`DynTensor`", "#ff7f0e"),
    ("ndarray", "ndarray `Array`", "#2ca02c"),
    ("ndarray_dyn", "ndarray `ArrayD`", "#98df8a"),
    ("nalgebra", "nalgebra", "#9467bd"),
    ("hand", "hand loop", "#7f7f7f"),
];

/// The modes, by the suffix of their criterion group.
const MODES: [(&str, &str); 3] = [
    ("", "`c = a + b`, allocating the output"),
    (
        " into",
        "into a preallocated output (`add_into`, `try_add_into`, ndarray's `Zip`, nalgebra's `add_to`)",
    ),
    (" +=", "in place, `x += b` (`x` has the broadcast shape)"),
];

/// The benchmarks page, whose tables `--docs` rewrites.
const PAGE: &str = "docs/benchmarks.md";

/// Mean times in ns, by mode suffix, then case label (`"A [4,3]+[1,3]"`),
/// then implementation.
type Results = BTreeMap<String, BTreeMap<String, BTreeMap<String, f64>>>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = match args.iter().position(|a| a == "--criterion") {
        Some(i) => PathBuf::from(&args[i + 1]),
        None => {
            let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
            Path::new(&target).join("criterion")
        }
    };
    let results = read(&dir);
    if results.is_empty() {
        eprintln!(
            "no results of the broadcast benchmark in {}: run `cargo bench --bench broadcast` first",
            dir.display()
        );
        std::process::exit(1);
    }
    let text = format!("{}\n{}", machine(), tables(&results));
    print!("{text}");
    print!("{}", verdicts(&results));
    fs::create_dir_all("docs").expect("create docs/");
    fs::write("docs/bench.svg", svg(&results)).expect("write docs/bench.svg");
    eprintln!("wrote docs/bench.svg");
    if args.iter().any(|a| a == "--docs") {
        let page = fs::read_to_string(PAGE).expect("read docs/benchmarks.md");
        let (start, end) = ("<!-- bench:start -->", "<!-- bench:end -->");
        let (Some(i), Some(j)) = (
            // The markers on lines of their own: the page's prose names them too.
            page.find(&format!("\n{start}\n")).map(|i| i + 1),
            page.find(&format!("\n{end}")).map(|j| j + 1),
        ) else {
            eprintln!("{PAGE} has no {start} ... {end} markers");
            std::process::exit(1);
        };
        let new = format!("{}{start}\n{text}{}", &page[..i], &page[j..]);
        fs::write(PAGE, new).expect("write docs/benchmarks.md");
        eprintln!("rewrote the tables in {PAGE}");
    }
}

/// Every `<group>/<impl>` result of the broadcast benchmark under `dir`.
fn read(dir: &Path) -> Results {
    let mut results = Results::new();
    let Ok(groups) = fs::read_dir(dir) else {
        return results;
    };
    for group in groups.flatten() {
        let Ok(impls) = fs::read_dir(group.path()) else {
            continue;
        };
        for imp in impls.flatten() {
            let new = imp.path().join("new");
            let (Ok(bench), Ok(est)) = (
                fs::read_to_string(new.join("benchmark.json")),
                fs::read_to_string(new.join("estimates.json")),
            ) else {
                continue;
            };
            let (Some(group_id), Some(function_id), Some(mean)) = (
                json_string(&bench, "group_id"),
                json_string(&bench, "function_id"),
                mean_ns(&est),
            ) else {
                continue;
            };
            // Cases are `"<letter> [..]+[..]"`, optionally followed by a mode.
            let (case, mode) = match group_id.find("] ") {
                Some(k) => (&group_id[..k + 1], &group_id[k + 1..]),
                None => (group_id.as_str(), ""),
            };
            let is_case = case.len() > 2
                && case.as_bytes()[0].is_ascii_uppercase()
                && case[1..].starts_with(" [");
            if !is_case || !MODES.iter().any(|(m, _)| *m == mode) {
                continue; // another benchmark's group
            }
            results
                .entry(mode.to_string())
                .or_default()
                .entry(case.to_string())
                .or_default()
                .insert(function_id, mean);
        }
    }
    results
}

/// The string value of `"key":"..."` in a small JSON object.
fn json_string(json: &str, key: &str) -> Option<String> {
    let at = json.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let mut out = String::new();
    let mut chars = json[at..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
    None
}

/// `mean.point_estimate` of criterion's `estimates.json`: the first
/// `point_estimate` after `"mean":` (its confidence interval has none).
fn mean_ns(json: &str) -> Option<f64> {
    let mean = json.find("\"mean\":")?;
    let key = "\"point_estimate\":";
    let at = mean + json[mean..].find(key)? + key.len();
    let end = json[at..].find([',', '}'])? + at;
    json[at..end].trim().parse().ok()
}

/// The CPU and core count, from `/proc/cpuinfo` where there is one.
fn machine() -> String {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "Machine: {model}, {cores} cores, {} {}; criterion means of `cargo bench --bench broadcast`.\n",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// `5.3 ns`, `48.2 ns`, `6.2 µs`, `1.32 ms`: three significant digits.
fn time(ns: f64) -> String {
    let (v, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else {
        (ns / 1e6, "ms")
    };
    if v < 10.0 {
        format!("{v:.2} {unit}")
    } else if v < 100.0 {
        format!("{v:.1} {unit}")
    } else {
        format!("{v:.0} {unit}")
    }
}

fn ratio(x: f64) -> String {
    if x < 10.0 {
        format!("{x:.2}x")
    } else {
        format!("{x:.0}x")
    }
}

/// One markdown table per mode: time per case and implementation, with the
/// ratio to the hand loop.
fn tables(results: &Results) -> String {
    let mut s = String::new();
    for (mode, title) in MODES {
        let Some(cases) = results.get(mode) else {
            continue;
        };
        let cols: Vec<_> = IMPLS
            .iter()
            .filter(|(id, _, _)| cases.values().any(|r| r.contains_key(*id)))
            .collect();
        let _ = writeln!(
            s,
            "\n{}: time (ratio to the hand loop)\n",
            capitalise(title)
        );
        let _ = write!(s, "| case |");
        for (_, name, _) in &cols {
            let _ = write!(s, " {name} |");
        }
        let _ = write!(s, "\n|---|");
        for _ in &cols {
            let _ = write!(s, "---|");
        }
        s.push('\n');
        for (case, r) in cases {
            let (letter, shapes) = case.split_once(' ').unwrap_or((case, ""));
            let _ = write!(s, "| {letter} `{shapes}` |");
            let hand = r.get("hand").copied();
            for (id, _, _) in &cols {
                match (r.get(*id), hand) {
                    (Some(&t), Some(h)) if *id != "hand" => {
                        let _ = write!(s, " {} ({}) |", time(t), ratio(t / h));
                    }
                    (Some(&t), _) => {
                        let _ = write!(s, " {} |", time(t));
                    }
                    (None, _) => s.push_str(" |"),
                }
            }
            s.push('\n');
        }
    }
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The issue's targets, checked against these results.
fn verdicts(results: &Results) -> String {
    let mut s = String::from("\nTargets:\n");
    let get = |mode: &str, case: &str, id: &str| {
        results
            .get(mode)
            .and_then(|m| m.iter().find(|(c, _)| c.starts_with(case)))
            .and_then(|(_, r)| r.get(id).copied())
    };
    let mut line = |ok: bool, what: String| {
        let _ = writeln!(s, "  [{}] {what}", if ok { "ok" } else { "MISS" });
    };
    for case in ["A", "B", "C", "D", "E", "F", "G", "H"] {
        if let (Some(st), Some(h)) = (get("", case, "static"), get("", case, "hand")) {
            line(
                st / h <= 1.1,
                format!("{case}: static {} the hand loop (<= 1.1x)", ratio(st / h)),
            );
        }
    }
    for case in ["A", "B", "C", "D", "E", "F", "G", "H"] {
        let (Some(d), Some(h)) = (get("", case, "dyn"), get("", case, "hand")) else {
            continue;
        };
        let nd = get("", case, "ndarray").unwrap_or(f64::INFINITY);
        let nx = get("", case, "ndarray_dyn").unwrap_or(f64::INFINITY);
        let best = nd.min(nx);
        if best.is_finite() {
            line(
                d <= best,
                format!(
                    "{case}: dyn {} the faster ndarray (<= 1.0x; {} Array, {} ArrayD)",
                    ratio(d / best),
                    ratio(d / nd),
                    ratio(d / nx)
                ),
            );
        }
        line(
            d / h <= 1.3,
            format!("{case}: dyn {} the hand loop (<= 1.3x)", ratio(d / h)),
        );
    }
    if let Some(d) = get("", "A", "dyn") {
        line(d < 30.0, format!("A: dyn {} (< 30 ns)", time(d)));
    }
    for case in ["F", "G"] {
        for id in ["static", "dyn"] {
            if let (Some(t), Some(h)) = (get(" into", case, id), get(" into", case, "hand")) {
                line(
                    h / t >= 0.9,
                    format!(
                        "{case} into: {id} reaches {:.0}% of the hand loop's bandwidth (>= 90%)",
                        100.0 * h / t
                    ),
                );
            }
        }
    }
    s
}

/// Grouped bars on a log scale, one panel per mode.
fn svg(results: &Results) -> String {
    let (w, panel_h, top, left, right) = (980.0, 250.0, 58.0, 70.0, 20.0);
    let panels: Vec<_> = MODES
        .iter()
        .filter_map(|(m, t)| results.get(*m).map(|c| (*t, c)))
        .collect();
    let h = top + panels.len() as f64 * (panel_h + 40.0) + 10.0;
    let all = panels
        .iter()
        .flat_map(|(_, c)| c.values().flat_map(|r| r.values().copied()));
    let (lo, hi) = all.fold((f64::INFINITY, 0f64), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let (lo, hi) = (lo.log10().floor(), hi.log10().ceil());
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="20" font-size="15" font-weight="bold">a + b on f32: time per operation (log scale, lower is better)</text>"#
    );
    // Legend.
    let mut x = left;
    for (_, name, colour) in IMPLS {
        let name = name.replace('`', "");
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="32" width="12" height="12" fill="{colour}"/><text x="{}" y="42">{name}</text>"#,
            x + 16.0
        );
        x += 30.0 + 7.0 * name.len() as f64;
    }
    for (p, (title, cases)) in panels.iter().enumerate() {
        let y0 = top + p as f64 * (panel_h + 40.0) + 20.0;
        let plot_h = panel_h - 30.0;
        let y = |t: f64| y0 + plot_h * (1.0 - (t.log10() - lo) / (hi - lo));
        let title = title.replace('`', "");
        let _ = writeln!(
            s,
            r#"<text x="{left}" y="{}" font-weight="bold">{title}</text>"#,
            y0 - 6.0
        );
        // Decade grid lines.
        for d in lo as i32..=hi as i32 {
            let t = 10f64.powi(d);
            let yy = y(t);
            let _ = writeln!(
                s,
                r##"<line x1="{left}" x2="{}" y1="{yy:.1}" y2="{yy:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
                w - right,
                left - 6.0,
                yy + 4.0,
                time(t)
            );
        }
        let gw = (w - left - right) / cases.len().max(1) as f64;
        for (k, (case, r)) in cases.iter().enumerate() {
            let gx = left + k as f64 * gw;
            let bars: Vec<_> = IMPLS
                .iter()
                .filter(|(id, _, _)| r.contains_key(*id))
                .collect();
            let bw = (gw - 16.0) / IMPLS.len() as f64;
            let start = gx + 8.0 + (IMPLS.len() - bars.len()) as f64 * bw / 2.0;
            for (i, (id, name, colour)) in bars.iter().enumerate() {
                let t = r[*id];
                let (bx, by) = (start + i as f64 * bw, y(t));
                let _ = writeln!(
                    s,
                    r#"<rect x="{bx:.1}" y="{by:.1}" width="{:.1}" height="{:.1}" fill="{colour}"><title>{case} {}: {}</title></rect>"#,
                    bw - 1.0,
                    y0 + plot_h - by,
                    name.replace('`', ""),
                    time(t)
                );
            }
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                gx + gw / 2.0,
                y0 + plot_h + 15.0,
                case.split(' ').next().unwrap_or(case)
            );
        }
        let _ = writeln!(
            s,
            r##"<line x1="{left}" x2="{}" y1="{:.1}" y2="{:.1}" stroke="#333"/>"##,
            w - right,
            y0 + plot_h,
            y0 + plot_h
        );
    }
    s.push_str("</svg>\n");
    s
}
