//! The `einsum!` macro of [`shaped`](https://docs.rs/shaped), re-exported
//! there as `shaped::einsum!`; see its documentation.
//!
//! A macro is needed only because a type check cannot look inside a string:
//! this one reads the equation and writes a small generic function whose
//! bounds (traits of `shaped::einsum::typed`) make the compiler check each
//! operand's rank and each label's sizes and compute the result's shape.
//! It parses the tokens by hand, without `syn`, to keep the build small.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// Einstein summation with sizes checked at compile time; see `shaped::einsum!`.
#[proc_macro]
pub fn einsum(input: TokenStream) -> TokenStream {
    match expand(input) {
        Ok(t) => t,
        Err((msg, span)) => compile_error(&msg, span),
    }
}

type Error = (String, Span);

/// `::core::compile_error!("msg")` pointing at `span`.
fn compile_error(msg: &str, span: Span) -> TokenStream {
    let mut lit = Literal::string(msg);
    lit.set_span(span);
    let tokens: Vec<TokenTree> = vec![
        Punct::new(':', Spacing::Joint).into(),
        Punct::new(':', Spacing::Alone).into(),
        Ident::new("core", span).into(),
        Punct::new(':', Spacing::Joint).into(),
        Punct::new(':', Spacing::Alone).into(),
        Ident::new("compile_error", span).into(),
        Punct::new('!', Spacing::Alone).into(),
        Group::new(Delimiter::Parenthesis, TokenTree::from(lit).into()).into(),
    ];
    tokens
        .into_iter()
        .map(|mut t| {
            t.set_span(span);
            t
        })
        .collect()
}

/// The equation's text from a string literal token (`"..."` or `r"..."`).
fn literal_text(lit: &Literal) -> Option<String> {
    let s = lit.to_string();
    let body = if let Some(rest) = s.strip_prefix('r') {
        let hashes = rest.len() - rest.trim_start_matches('#').len();
        &rest[hashes + 1..rest.len() - hashes - 1]
    } else {
        s.strip_prefix('"')?.strip_suffix('"')?
    };
    if body.contains('\\') {
        return None;
    }
    Some(body.to_string())
}

/// The parsed equation: each operand's labels, the output's labels.
struct Equation {
    ops: Vec<Vec<char>>,
    out: Vec<char>,
}

fn parse(eq: &str) -> Result<Equation, String> {
    let bad = |msg: String| format!("einsum! equation \"{eq}\": {msg}");
    if eq.contains('.') {
        return Err(bad(
            "`...` is not supported by einsum! (its sizes are checked at compile time); use shaped::einsum on DynTensors".into(),
        ));
    }
    let (lhs, rhs) = match eq.find("->") {
        Some(p) => (&eq[..p], Some(&eq[p + 2..])),
        None => (eq, None),
    };
    let mut ops: Vec<Vec<char>> = vec![Vec::new()];
    for (i, c) in lhs.char_indices() {
        match c {
            ' ' => {}
            ',' => ops.push(Vec::new()),
            c if c.is_ascii_alphabetic() => ops.last_mut().expect("one operand").push(c),
            c => {
                return Err(bad(format!(
                    "invalid subscript '{c}' at index {i}, subscripts must be in [a-zA-Z]"
                )));
            }
        }
    }
    let count = |c: char| ops.iter().flatten().filter(|&&d| d == c).count();
    let out = match rhs {
        None => {
            // Letters seen once, capitals first (torch.einsum's order).
            let mut once: Vec<char> = ops
                .iter()
                .flatten()
                .copied()
                .filter(|&c| count(c) == 1)
                .collect();
            once.sort();
            once
        }
        Some(r) => {
            let mut out = Vec::new();
            for (i, c) in r.char_indices() {
                match c {
                    ' ' => {}
                    c if c.is_ascii_alphabetic() => {
                        if out.contains(&c) {
                            return Err(bad(format!(
                                "output subscript {c} appears more than once in the output"
                            )));
                        }
                        if count(c) == 0 {
                            return Err(bad(format!(
                                "output subscript {c} does not appear in the equation for any input operand"
                            )));
                        }
                        out.push(c);
                    }
                    c => {
                        return Err(bad(format!(
                            "invalid subscript '{c}' at index {}, subscripts must be in [a-zA-Z]",
                            lhs.len() + 2 + i
                        )));
                    }
                }
            }
            out
        }
    };
    Ok(Equation { ops, out })
}

fn expand(input: TokenStream) -> Result<TokenStream, Error> {
    let mut tokens = input.into_iter().peekable();
    let usage = "einsum! takes an equation and the tensors: einsum!(\"bij,bjk->bik\", a, b)";
    let (text, span) = match tokens.next() {
        Some(TokenTree::Literal(lit)) => match literal_text(&lit) {
            Some(t) => (t, lit.span()),
            None => return Err((usage.into(), lit.span())),
        },
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::None => {
            // A literal passed through a macro_rules `$eq:literal`.
            match g.stream().into_iter().next() {
                Some(TokenTree::Literal(lit)) => match literal_text(&lit) {
                    Some(t) => (t, lit.span()),
                    None => return Err((usage.into(), g.span())),
                },
                _ => return Err((usage.into(), g.span())),
            }
        }
        Some(t) => return Err((usage.into(), t.span())),
        None => return Err((usage.into(), Span::call_site())),
    };
    // The operands: comma-separated expressions.
    let mut operands: Vec<TokenStream> = Vec::new();
    match tokens.next() {
        Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
        Some(t) => return Err((usage.into(), t.span())),
        None => return Err((usage.into(), span)),
    }
    let mut cur: Vec<TokenTree> = Vec::new();
    for t in tokens {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => {
                if !cur.is_empty() {
                    operands.push(cur.drain(..).collect());
                }
            }
            _ => cur.push(t),
        }
    }
    if !cur.is_empty() {
        operands.push(cur.into_iter().collect());
    }
    let eq = parse(&text).map_err(|m| (m, span))?;
    if eq.ops.len() != operands.len() {
        return Err((
            format!(
                "einsum! equation \"{text}\" has {} operand{} but {} tensor{} given",
                eq.ops.len(),
                if eq.ops.len() == 1 { "" } else { "s" },
                operands.len(),
                if operands.len() == 1 {
                    " was"
                } else {
                    "s were"
                },
            ),
            span,
        ));
    }
    let code = generate(&text, &eq);
    let mut code: TokenStream = code
        .parse()
        .map_err(|_| ("einsum!: internal expansion error".to_string(), span))?;
    // The call, with the user's expressions (and their spans) as arguments.
    let mut args: Vec<TokenTree> = Vec::new();
    for (i, op) in operands.into_iter().enumerate() {
        if i > 0 {
            args.push(Punct::new(',', Spacing::Alone).into());
        }
        args.push(Punct::new('&', Spacing::Alone).into());
        args.push(Group::new(Delimiter::Parenthesis, op).into());
    }
    let call: Vec<TokenTree> = vec![
        Ident::new("__shaped_einsum", Span::call_site()).into(),
        Group::new(Delimiter::Parenthesis, args.into_iter().collect()).into(),
    ];
    code.extend(call);
    Ok(TokenStream::from(TokenTree::Group(Group::new(
        Delimiter::Brace,
        code,
    ))))
}

/// The generic function, as text.
fn generate(text: &str, eq: &Equation) -> String {
    const T: &str = "::shaped::einsum::typed";
    // Each operand's dimensions are type parameters `A{op}_{pos}`, found by
    // the `Labels` bound (which also checks the operand's rank).
    let dim = |op: usize, pos: usize| format!("A{op}_{pos}");
    let mut generics = String::from("T: ::shaped::Element");
    let mut params = String::new();
    let mut slices = String::new();
    let mut bounds = String::new();
    for (op, labels) in eq.ops.iter().enumerate() {
        generics.push_str(&format!(", S{op}: ::shaped::Layout"));
        let mut list = String::from("::shaped::shape::Nil");
        for pos in (0..labels.len()).rev() {
            generics.push_str(&format!(", {}", dim(op, pos)));
            list = format!("::shaped::shape::Cons<{}, {list}>", dim(op, pos));
        }
        params.push_str(&format!("o{op}: &::shaped::Tensor<T, S{op}>, "));
        slices.push_str(&format!("(o{op}.as_slice(), &*o{op}.shape()), "));
        bounds.push_str(&format!(
            "<S{op} as ::shaped::Layout>::List: {T}::Labels<{op}, {}, {T}::{}, {T}::Pos<0>, Out = {list}>,\n",
            labels.len(),
            count(labels.len())
        ));
    }
    // Every occurrence of each label, in order.
    let mut seen: Vec<(char, Vec<(usize, usize)>)> = Vec::new();
    for (op, labels) in eq.ops.iter().enumerate() {
        for (pos, &c) in labels.iter().enumerate() {
            match seen.iter_mut().find(|(d, _)| *d == c) {
                Some((_, v)) => v.push((op, pos)),
                None => seen.push((c, vec![(op, pos)])),
            }
        }
    }
    for (c, occ) in &seen {
        let (p, i) = occ[0];
        for &(q, j) in &occ[1..] {
            let ctx = if p == q {
                format!("{T}::Diagonal<'{c}', {p}>")
            } else {
                format!("{T}::Across<'{c}', {p}, {q}>")
            };
            bounds.push_str(&format!(
                "{}: {T}::SameSize<{}, {ctx}>,\n",
                dim(p, i),
                dim(q, j)
            ));
        }
    }
    let mut out = String::from("::shaped::shape::Nil");
    for c in eq.out.iter().rev() {
        let occ = &seen.iter().find(|(d, _)| d == c).expect("an input label").1;
        let mut d = dim(occ[0].0, occ[0].1);
        for &(q, j) in &occ[1..] {
            bounds.push_str(&format!("{d}: {T}::Merge<{}>,\n", dim(q, j)));
            d = format!("<{d} as {T}::Merge<{}>>::Out", dim(q, j));
        }
        out = format!("::shaped::shape::Cons<{d}, {out}>");
    }
    bounds.push_str(&format!("{out}: ::shaped::shape::mixed::ToLayout,\n"));
    format!(
        "#[allow(non_snake_case, clippy::type_complexity, clippy::too_many_arguments)]\n\
         #[track_caller]\n\
         fn __shaped_einsum<{generics}>({params}) -> ::shaped::Tensor<T, <{out} as ::shaped::shape::mixed::ToLayout>::Out>\n\
         where {bounds}\n\
         {{ {T}::run({text:?}, &[{slices}]) }}\n"
    )
}

/// The type-level count `n` (`Plus1<..NoLabel..>`), relative to `typed`.
fn count(n: usize) -> String {
    let mut s = String::from("NoLabel");
    for _ in 0..n {
        s = format!("Plus1<::shaped::einsum::typed::{s}>");
    }
    s
}
