//! `dim!`'s choice of dimension type, made while expanding when the size is
//! a literal.
//!
//! `dim!(N)` has to pick `D1`, `D<N>`, `Big<N>` or `Dyn` by the size's value.
//! For any constant expression that takes a const function evaluated in a
//! const argument (`Size<{ N }, { kind(N) }>`), and each such argument is a
//! small body that the compiler type-checks, borrow-checks and evaluates:
//! in a program of many static shapes that is a large part of the build.
//! Nearly every size is a literal, whose class is known here, so the
//! expansion names the type directly; other expressions keep the general form.
//! A literal size up to 1024 is named without a const argument at all
//! (`shape::size_names::D48` for `D<48>`): even a literal argument is a body
//! of the caller's crate that rustc type-checks and builds MIR for at each
//! use, 3.5% of `cargo check` of a program of 500 operations.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// The largest size written `D<N>`: must match `shaped::shape::dim::kind`
/// and the names in `shaped::shape::size_names`.
const LARGEST_SMALL: u128 = 1024;

/// Tokens on our side of the compiler's bridge. Every `TokenStream`
/// operation (`extend`, `clone`, `parse`, iterating) is a call across it,
/// and in a debug build of the macro those calls were most of a `shape!`'s
/// expansion; tokens are gathered here and handed back once.
type Tokens = Vec<TokenTree>;

/// `krate, size` to the dimension type of `size`; `krate, size, NAME` to
/// the named dimension (through flat aliases, so that an annotation with
/// names stays a simple type for clippy's `type_complexity`).
pub(crate) fn dim_type(input: TokenStream) -> TokenStream {
    let mut parts = split_commas(input.into_iter().collect()).into_iter();
    let (Some(krate), Some(size)) = (parts.next(), parts.next()) else {
        return "::core::compile_error!(\"dim!: no size\")".parse().unwrap();
    };
    let mut out = Tokens::new();
    dim_tokens(&mut out, &krate, size, parts.next());
    out.into_iter().collect()
}

/// `shape!`'s whole expansion, `krate; items`: the list of the items'
/// dimension types, `Mixed<..>` when any item is `Dyn`. One expansion per
/// shape, where the declarative macro took about four per dimension.
pub(crate) fn shape_type(input: TokenStream) -> TokenStream {
    let mut tokens = input.into_iter();
    let mut krate = Tokens::new();
    for t in tokens.by_ref() {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ';' => break,
            _ => krate.push(t),
        }
    }
    let items = split_items(tokens);
    // Any `Dyn` among the items' own tokens (`Dyn`, `H: Dyn`) makes the
    // shape a mixed one, as the declarative macro's scan did.
    let mixed = items
        .iter()
        .flatten()
        .any(|t| matches!(t, TokenTree::Ident(i) if i.to_string() == "Dyn"));
    let dims: Vec<Tokens> = items
        .into_iter()
        .map(|item| {
            let mut dim = Tokens::new();
            match named(&item) {
                Some((name, size)) => dim_tokens(&mut dim, &krate, size, Some(name)),
                None => dim_tokens(&mut dim, &krate, item, None),
            }
            dim
        })
        .collect();
    let mut out = Tokens::new();
    if mixed {
        path(&mut out, &krate, &["shape", "mixed", "Mixed"]);
        out.push(punct('<'));
        list_type(&mut out, &krate, &dims);
        out.push(punct('>'));
    } else {
        list_type(&mut out, &krate, &dims);
    }
    out.into_iter().collect()
}

/// A lone punctuation character.
fn punct(c: char) -> TokenTree {
    Punct::new(c, Spacing::Alone).into()
}

/// `krate::a::b::..` onto `out`.
fn path(out: &mut Tokens, krate: &[TokenTree], segments: &[&str]) {
    out.extend_from_slice(krate);
    for segment in segments {
        out.push(Punct::new(':', Spacing::Joint).into());
        out.push(punct(':'));
        out.push(Ident::new(segment, Span::call_site()).into());
    }
}

/// The list type of dimension types `dims`: the flat aliases `S1` to `S8`
/// (so that an annotation stays a simple type for clippy's
/// `type_complexity`), `Cons` in front of them for longer shapes.
fn list_type(out: &mut Tokens, krate: &[TokenTree], dims: &[Tokens]) {
    let n = dims.len();
    if n == 0 {
        return path(out, krate, &["shape", "Nil"]);
    }
    if n > 8 {
        path(out, krate, &["shape", "Cons"]);
        out.push(punct('<'));
        out.extend_from_slice(&dims[0]);
        out.push(punct(','));
        list_type(out, krate, &dims[1..]);
        out.push(punct('>'));
        return;
    }
    path(out, krate, &["shape", &format!("S{n}")]);
    out.push(punct('<'));
    for (k, dim) in dims.iter().enumerate() {
        if k > 0 {
            out.push(punct(','));
        }
        out.extend_from_slice(dim);
    }
    out.push(punct('>'));
}

/// `NAME: size` as its two parts (a single colon: `a::b` is a path).
fn named(item: &[TokenTree]) -> Option<(Tokens, Tokens)> {
    let [TokenTree::Ident(name), TokenTree::Punct(colon), rest @ ..] = item else {
        return None;
    };
    let path = matches!(rest.first(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    if colon.as_char() != ':' || path || rest.is_empty() {
        return None;
    }
    Some((vec![name.clone().into()], rest.to_vec()))
}

/// The items of a shape: split at top-level commas, except inside a
/// turbofish's generic arguments (`f::<A, B>()`), with a trailing comma
/// allowed.
fn split_items(input: impl Iterator<Item = TokenTree>) -> Vec<Tokens> {
    let mut items = vec![Tokens::new()];
    // `depth`: open `<` of turbofishes. `colons`: how many `:` came last.
    let (mut depth, mut colons) = (0usize, 0usize);
    for t in input {
        let c = match &t {
            TokenTree::Punct(p) => Some(p.as_char()),
            _ => None,
        };
        match c {
            Some(',') if depth == 0 => {
                items.push(Tokens::new());
                colons = 0;
                continue;
            }
            Some('<') if colons >= 2 || depth > 0 => depth += 1,
            Some('>') if depth > 0 => depth -= 1,
            _ => {}
        }
        colons = if c == Some(':') { colons + 1 } else { 0 };
        items.last_mut().unwrap().push(t);
    }
    if items.last().is_some_and(|i| i.is_empty()) {
        items.pop();
    }
    items
}

/// The dimension type of `size` (named `name`), with the crate's path
/// `krate`, onto `out`: see [`dim_type`].
fn dim_tokens(out: &mut Tokens, krate: &[TokenTree], size: Tokens, name: Option<Tokens>) {
    // `krate::segments<`, with `NAME, ` first for a named dimension.
    let open = |out: &mut Tokens, segments: &[&str]| {
        path(out, krate, segments);
        out.push(punct('<'));
        if let Some(name) = &name {
            out.extend_from_slice(name);
            out.push(punct(','));
        }
    };
    let named = name.is_some();
    match (classify(&size), named) {
        // The caller's own `Dyn` (the type of the name it imported for the
        // value), so that its import counts as used.
        (Some(Class::Dyn(d)), false) => out.push(d.into()),
        (Some(Class::Dyn(d)), true) => {
            open(out, &["shape", "names", "Named"]);
            out.push(d.into());
            out.push(punct('>'));
        }
        (Some(Class::Size(1)), false) => path(out, krate, &["shape", "dim", "D1"]),
        (Some(Class::Size(1)), true) => {
            open(out, &["shape", "names", "NamedD1"]);
            out.push(punct('>'));
        }
        // `D<N>` by its name in `size_names` (see the top of this file).
        (Some(Class::Size(n)), false) if n <= LARGEST_SMALL => {
            path(out, krate, &["shape", "size_names", &format!("D{n}")]);
        }
        (Some(Class::Size(n)), _) => {
            // A named size keeps its const argument: `Named<NAME, D48>`
            // would no longer be the flat type an annotation needs.
            let alias = match (n <= LARGEST_SMALL, named) {
                (true, _) => ["shape", "names", "NamedD"],
                (false, false) => ["shape", "dim", "Big"],
                (false, true) => ["shape", "names", "NamedBig"],
            };
            open(out, &alias);
            out.push(Literal::u128_unsuffixed(n).into());
            out.push(punct('>'));
        }
        (None, _) => {
            // `Size<{ size }, { kind(size) }>` (or `NamedSize<NAME, ..>`)
            let alias = if named {
                ["shape", "names", "NamedSize"]
            } else {
                ["shape", "dim", "Size"]
            };
            open(out, &alias);
            let stream: TokenStream = size.into_iter().collect();
            out.push(Group::new(Delimiter::Brace, stream.clone()).into());
            out.push(punct(','));
            let mut kind = Tokens::new();
            path(&mut kind, krate, &["shape", "dim", "kind"]);
            kind.push(Group::new(Delimiter::Parenthesis, stream).into());
            out.push(Group::new(Delimiter::Brace, kind.into_iter().collect()).into());
            out.push(punct('>'));
        }
    }
}

/// The input split at its top-level commas.
fn split_commas(input: Tokens) -> Vec<Tokens> {
    let mut parts = vec![Tokens::new()];
    for t in input {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Tokens::new()),
            _ => parts.last_mut().unwrap().push(t),
        }
    }
    parts
}

enum Class {
    Dyn(Ident),
    Size(u128),
}

/// The size's class when it is a plain integer literal or `Dyn`.
fn classify(size: &[TokenTree]) -> Option<Class> {
    let [first] = size else {
        return None;
    };
    match first {
        // A macro's `$n:expr` arrives wrapped in an invisible group.
        TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
            classify(&g.stream().into_iter().collect::<Tokens>())
        }
        TokenTree::Ident(i) if i.to_string() == "Dyn" => Some(Class::Dyn(i.clone())),
        TokenTree::Literal(l) => integer(l).map(Class::Size),
        _ => None,
    }
}

/// The value of an unsuffixed or `usize`-suffixed decimal literal that fits
/// a 64-bit `usize`; anything else is left to the compiler.
fn integer(l: &Literal) -> Option<u128> {
    let text = l.to_string().replace('_', "");
    let digits = text.strip_suffix("usize").unwrap_or(&text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u128 = digits.parse().ok()?;
    // `usize::MAX` is `Dyn`'s marker: left to `kind`, as any other edge.
    (n < u64::MAX as u128).then_some(n)
}
