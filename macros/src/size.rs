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
    let name = parts.next();
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
