//! The README stays a page for users: short, free of measurement notes, and
//! every relative link pointing at a file of the repository (the guide's
//! chapters, the benchmarks page, the design notes, the changelog).

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The targets of the Markdown links `[text](target)` in `text`, without
/// their `#fragment`.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("](") {
        let rest = &text[i + 2..];
        let Some(end) = rest.find(')') else { continue };
        let target = rest[..end].split('#').next().unwrap_or("");
        if !target.is_empty() {
            out.push(target.to_string());
        }
    }
    out
}

#[test]
fn readme_is_at_most_500_lines() {
    let lines = read("README.md").lines().count();
    assert!(
        lines <= 500,
        "README.md has {lines} lines; the guide (src/guide/) is the place for more"
    );
}

#[test]
fn readme_has_no_measurement_diary() {
    let readme = read("README.md").to_lowercase();
    for word in [
        "callgrind",
        "instructions",
        "load average",
        "interleaved",
        "this round",
        "the round",
        "not kept",
    ] {
        assert!(
            !readme.contains(word),
            "README.md mentions {word:?}: measurement notes belong in docs/ or commit messages"
        );
    }
}

#[test]
fn relative_links_resolve() {
    for page in [
        "README.md",
        "docs/benchmarks.md",
        "docs/design.md",
        "CHANGELOG.md",
    ] {
        let dir = Path::new(ROOT).join(page);
        let dir = dir.parent().unwrap();
        let targets = link_targets(&read(page));
        assert!(page != "README.md" || targets.iter().any(|t| t.ends_with("toolkit.md")));
        for target in targets {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            assert!(
                dir.join(&target).exists(),
                "{page} links to {target}, which is not in the repository"
            );
        }
    }
}

#[test]
fn link_targets_finds_links_and_drops_fragments() {
    let text = "see [a](docs/x.md#part) and [b](https://e.org) or `[c]`";
    assert_eq!(link_targets(text), vec!["docs/x.md", "https://e.org"]);
}

/// The rows of the toolkit chapter's tables: each row's operation (its
/// first cell, backticks dropped) and the spellings written in its other
/// cells.
fn toolkit_rows() -> Vec<(String, Vec<String>)> {
    let mut rows = Vec::new();
    for line in read("src/guide/toolkit.md").lines() {
        if !line.starts_with("| ") || line.starts_with("| operation") {
            continue;
        }
        let cells = split_cells(line);
        let op = cells[0].replace('`', "");
        let spans = cells[1..]
            .iter()
            .flat_map(|c| {
                c.split('`')
                    .skip(1)
                    .step_by(2)
                    .map(|s| s.replace("\\|", "|"))
            })
            .filter(|s| is_spelling(s))
            .collect();
        rows.push((op, spans));
    }
    rows
}

/// A Markdown table row's cells, split at `|` not escaped as `\|`.
fn split_cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut prev = ' ';
    for c in line.trim().trim_matches('|').chars() {
        if c == '|' && prev != '\\' {
            cells.push(String::new());
        } else {
            cells.last_mut().unwrap().push(c);
        }
        prev = c;
    }
    cells.iter().map(|c| c.trim().to_string()).collect()
}

/// Whether a code span of the table is something a user writes (a call, a
/// macro, an operator, an index), not a type or a name (`Mask<S>`,
/// `try_gather`, `[Dyn]`).
fn is_spelling(s: &str) -> bool {
    let b = s.as_bytes();
    let call = (1..b.len()).any(|i| {
        b[i] == b'(' && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'>')
    });
    let operator = ["+=", "*=", "&=", ">>=", "<<", "[[", " + ", " * ", " / "]
        .iter()
        .any(|op| s.contains(op));
    let prefix =
        (s.starts_with('-') || s.starts_with('!') || s.starts_with('&')) && !s.starts_with("&[");
    call || s.contains("![") || s.contains("!(") || operator || prefix
}

/// Whether `code` contains `spelling`, where a `..` standing for omitted
/// code (`|k| ..`, `s![..]`) matches anything; ranges (`1..3`, `..;-1`)
/// are literal.
fn uses_spelling(code: &str, spelling: &str) -> bool {
    let mut pieces = vec![String::new()];
    let chars: Vec<char> = spelling.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let wildcard = chars[i] == '.'
            && chars.get(i + 1) == Some(&'.')
            && (i == 0 || matches!(chars[i - 1], ' ' | '(' | '['))
            && matches!(chars.get(i + 2), None | Some(')' | ']' | ',' | ' '));
        if wildcard {
            pieces.push(String::new());
            i += 2;
        } else {
            pieces.last_mut().unwrap().push(chars[i]);
            i += 1;
        }
    }
    let mut at = 0;
    for piece in pieces.iter().filter(|p| !p.is_empty()) {
        match code[at..].find(piece.as_str()) {
            Some(k) => at += k + piece.len(),
            None => return false,
        }
    }
    true
}

/// The code blocks of the chapter that runs the toolkit table row by row,
/// hidden (`# `) lines dropped.
fn row_doctests() -> Vec<String> {
    let text = read("src/guide/toolkit_rows.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = current.as_mut()
            && line != "#"
            && !line.starts_with("# ")
        {
            block.push_str(line);
            block.push('\n');
        }
    }
    blocks
}

// Every row of the toolkit table has a doctest of its own (in
// `toolkit_rows.md`, in the table's order, opening with a comment that
// names the row's operation) that uses each spelling the row writes.
#[test]
fn every_toolkit_row_has_a_doctest_in_its_own_spelling() {
    let rows = toolkit_rows();
    let blocks = row_doctests();
    let mut missing = Vec::new();
    for (k, (op, spans)) in rows.iter().enumerate() {
        let Some(block) = blocks.get(k) else {
            missing.push(format!("row {k} ({op}): no doctest"));
            continue;
        };
        let first = block.lines().next().unwrap_or("");
        if first.trim_start_matches("// ") != op {
            missing.push(format!("row {k} ({op}): the doctest opens with {first:?}"));
            continue;
        }
        for s in spans {
            if !uses_spelling(block, s) {
                missing.push(format!("row {k} ({op}): `{s}` is not in its doctest"));
            }
        }
    }
    assert_eq!(blocks.len(), rows.len(), "one doctest per row");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(rows.len() > 100, "the table has {} rows", rows.len());
}

#[test]
fn spelling_matcher_follows_its_rules() {
    assert!(is_spelling("t.flip(&[Axis::<0>])"));
    assert!(is_spelling("Tensor::<T, S>::zeros()"));
    assert!(is_spelling("&a + &b"));
    assert!(is_spelling("-t"));
    assert!(is_spelling("slice!(t.view(), ..;-1)"));
    assert!(!is_spelling("Mask<S>"));
    assert!(!is_spelling("Gridded<(S1, S2)>"));
    assert!(!is_spelling("&[usize]"));
    assert!(!is_spelling("try_gather"));
    assert!(uses_spelling(
        "let f = Tensor::from_fn(|k| k as f32);",
        "Tensor::from_fn(|k| ..)"
    ));
    assert!(uses_spelling("t.slice(s![1..3, ..])", "t.slice(s![..])"));
    assert!(!uses_spelling("t.slice(s![1..3])", "t.slice(s![..;-1])"));
    assert!(!uses_spelling("t.flip(&[1])", "t.flip(&[Axis::<0>])"));
}
