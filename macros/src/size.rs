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

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, TokenStream, TokenTree};

/// The largest size written `D<N>`: must match `shaped::shape::dim::kind`.
const LARGEST_SMALL: u128 = 1024;

/// `krate, size` to the dimension type of `size`; `krate, size, NAME` to
/// the named dimension (through flat aliases, so that an annotation with
/// names stays a simple type for clippy's `type_complexity`).
pub(crate) fn dim_type(input: TokenStream) -> TokenStream {
    let mut parts = split_commas(input).into_iter();
    let (Some(krate), Some(size)) = (parts.next(), parts.next()) else {
        return "::core::compile_error!(\"dim!: no size\")".parse().unwrap();
    };
    dim_tokens(&krate, size, parts.next())
}

/// `shape!`'s whole expansion, `krate; items`: the list of the items'
/// dimension types, `Mixed<..>` when any item is `Dyn`. One expansion per
/// shape, where the declarative macro took about four per dimension.
pub(crate) fn shape_type(input: TokenStream) -> TokenStream {
    let mut tokens = input.into_iter();
    let mut krate = TokenStream::new();
    for t in tokens.by_ref() {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ';' => break,
            _ => krate.extend([t]),
        }
    }
    let items: Vec<TokenStream> = split_items(tokens.collect());
    // Any `Dyn` among the items' own tokens (`Dyn`, `H: Dyn`) makes the
    // shape a mixed one, as the declarative macro's scan did.
    let mixed = items.iter().any(|item| {
        item.clone()
            .into_iter()
            .any(|t| matches!(&t, TokenTree::Ident(i) if i.to_string() == "Dyn"))
    });
    let dims: Vec<TokenStream> = items
        .into_iter()
        .map(|item| match named(&item) {
            Some((name, size)) => dim_tokens(&krate, size, Some(name)),
            None => dim_tokens(&krate, item, None),
        })
        .collect();
    let list = list_type(&krate, &dims);
    if mixed {
        let mut ts = krate.clone();
        ts.extend("::shape::mixed::Mixed<".parse::<TokenStream>().unwrap());
        ts.extend(list);
        ts.extend([TokenTree::from(Punct::new('>', Spacing::Alone))]);
        ts
    } else {
        list
    }
}

/// The list type of dimension types `dims`: the flat aliases `S1` to `S8`
/// (so that an annotation stays a simple type for clippy's
/// `type_complexity`), `Cons` in front of them for longer shapes.
fn list_type(krate: &TokenStream, dims: &[TokenStream]) -> TokenStream {
    let mut ts = krate.clone();
    let (head, alias) = match dims.len() {
        0 => {
            ts.extend("::shape::Nil".parse::<TokenStream>().unwrap());
            return ts;
        }
        n @ 1..=8 => (&dims[..0], format!("::shape::S{n}<")),
        _ => (&dims[..1], "::shape::Cons<".to_string()),
    };
    ts.extend(alias.parse::<TokenStream>().unwrap());
    let args: Vec<TokenStream> = if head.is_empty() {
        dims.to_vec()
    } else {
        vec![head[0].clone(), list_type(krate, &dims[1..])]
    };
    for (k, arg) in args.into_iter().enumerate() {
        if k > 0 {
            ts.extend([TokenTree::from(Punct::new(',', Spacing::Alone))]);
        }
        ts.extend(arg);
    }
    ts.extend([TokenTree::from(Punct::new('>', Spacing::Alone))]);
    ts
}

/// `NAME: size` as its two parts (a single colon: `a::b` is a path).
fn named(item: &TokenStream) -> Option<(TokenStream, TokenStream)> {
    let mut tokens = item.clone().into_iter().peekable();
    let (Some(TokenTree::Ident(name)), Some(TokenTree::Punct(colon))) =
        (tokens.next(), tokens.next())
    else {
        return None;
    };
    let path = matches!(tokens.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    if colon.as_char() != ':' || path {
        return None;
    }
    let size: TokenStream = tokens.collect();
    (!size.is_empty()).then(|| (TokenTree::from(name).into(), size))
}

/// The items of a shape: split at top-level commas, except inside a
/// turbofish's generic arguments (`f::<A, B>()`), with a trailing comma
/// allowed.
fn split_items(input: TokenStream) -> Vec<TokenStream> {
    let mut items = vec![TokenStream::new()];
    // `depth`: open `<` of turbofishes. `colons`: how many `:` came last.
    let (mut depth, mut colons) = (0usize, 0usize);
    for t in input {
        let c = match &t {
            TokenTree::Punct(p) => Some(p.as_char()),
            _ => None,
        };
        match c {
            Some(',') if depth == 0 => {
                items.push(TokenStream::new());
                colons = 0;
                continue;
            }
            Some('<') if colons >= 2 || depth > 0 => depth += 1,
            Some('>') if depth > 0 => depth -= 1,
            _ => {}
        }
        colons = if c == Some(':') { colons + 1 } else { 0 };
        items.last_mut().unwrap().extend([t]);
    }
    if items.last().is_some_and(|i| i.is_empty()) {
        items.pop();
    }
    items
}

/// The dimension type of `size` (named `name`), with the crate's path
/// `krate`: see [`dim_type`].
fn dim_tokens(krate: &TokenStream, size: TokenStream, name: Option<TokenStream>) -> TokenStream {
    // `krate` then `tail`, then `<NAME, ` or `<` before the rest.
    let path = |tail: &str, args: bool| -> TokenStream {
        let mut ts = krate.clone();
        ts.extend(tail.parse::<TokenStream>().unwrap());
        if args {
            ts.extend([TokenTree::from(Punct::new('<', Spacing::Alone))]);
            if let Some(name) = &name {
                ts.extend(name.clone());
                ts.extend([TokenTree::from(Punct::new(',', Spacing::Alone))]);
            }
        }
        ts
    };
    let close = |mut ts: TokenStream, rest: &str| {
        ts.extend(rest.parse::<TokenStream>().unwrap());
        ts.extend([TokenTree::from(Punct::new('>', Spacing::Alone))]);
        ts
    };
    let named = name.is_some();
    match (classify(&size), named) {
        // The caller's own `Dyn` (the type of the name it imported for the
        // value), so that its import counts as used.
        (Some(Class::Dyn(d)), false) => TokenTree::from(d).into(),
        (Some(Class::Dyn(d)), true) => {
            let mut ts = path("::shape::names::Named", true);
            ts.extend([TokenTree::from(d)]);
            close(ts, "")
        }
        (Some(Class::Size(1)), false) => path("::shape::dim::D1", false),
        (Some(Class::Size(1)), true) => close(path("::shape::names::NamedD1", true), ""),
        (Some(Class::Size(n)), _) if n <= LARGEST_SMALL => {
            let alias = if named {
                "::shape::names::NamedD"
            } else {
                "::shape::dim::D"
            };
            close(path(alias, true), &n.to_string())
        }
        (Some(Class::Size(n)), _) => {
            let alias = if named {
                "::shape::names::NamedBig"
            } else {
                "::shape::dim::Big"
            };
            close(path(alias, true), &n.to_string())
        }
        (None, _) => {
            // `Size<{ size }, { kind(size) }>` (or `NamedSize<NAME, ..>`)
            let alias = if named {
                "::shape::names::NamedSize"
            } else {
                "::shape::dim::Size"
            };
            let mut ts = path(alias, true);
            ts.extend([TokenTree::from(Group::new(Delimiter::Brace, size.clone()))]);
            ts.extend([TokenTree::from(Punct::new(',', Spacing::Alone))]);
            let mut kind = path("::shape::dim::kind", false);
            kind.extend([TokenTree::from(Group::new(Delimiter::Parenthesis, size))]);
            ts.extend([TokenTree::from(Group::new(Delimiter::Brace, kind))]);
            close(ts, "")
        }
    }
}

/// The input split at its top-level commas.
fn split_commas(input: TokenStream) -> Vec<TokenStream> {
    let mut parts = vec![TokenStream::new()];
    for t in input {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(TokenStream::new()),
            _ => parts.last_mut().unwrap().extend([t]),
        }
    }
    parts
}

enum Class {
    Dyn(Ident),
    Size(u128),
}

/// The size's class when it is a plain integer literal or `Dyn`.
fn classify(size: &TokenStream) -> Option<Class> {
    let mut tokens = size.clone().into_iter();
    let first = tokens.next()?;
    if tokens.next().is_some() {
        return None;
    }
    match first {
        // A macro's `$n:expr` arrives wrapped in an invisible group.
        TokenTree::Group(g) if g.delimiter() == Delimiter::None => classify(&g.stream()),
        TokenTree::Ident(i) if i.to_string() == "Dyn" => Some(Class::Dyn(i)),
        TokenTree::Literal(l) => integer(&l).map(Class::Size),
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
