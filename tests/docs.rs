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
