//! The procedural macros of [`shaped`](https://docs.rs/shaped), used
//! through it: `einsum!`, and the choice of dimension type behind
//! `shape!`/`dim!` (see `size.rs`).
//!
//! `einsum!` is needed only because a type check cannot look inside a
//! string: it reads the equation and writes a small generic function whose
//! bounds (traits of `shaped::einsum::typed`) make the compiler check each
//! operand's rank and each label's sizes and compute the result's shape.
//! Both parse their tokens by hand, without `syn`, to keep the build small.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

mod size;

/// The dimension type of a size, for `shaped::dim!`: `__dim_type!($crate, N)`
/// (the crate's path comes first so that the expansion can name its types).
#[doc(hidden)]
#[proc_macro]
pub fn __dim_type(input: TokenStream) -> TokenStream {
    size::dim_type(input)
}

/// The type of a shape, for `shaped::shape!`: `__shape_type!($crate; items)`.
#[doc(hidden)]
#[proc_macro]
pub fn __shape_type(input: TokenStream) -> TokenStream {
    size::shape_type(input)
}

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

/// The parsed equation: each operand's labels, the output's labels, and
/// where `...` sits in each (how many labels come before it).
struct Equation {
    ops: Vec<Vec<char>>,
    ells: Vec<Option<usize>>,
    out: Vec<char>,
    out_ell: Option<usize>,
}

/// One side's subscripts: the labels and where `...` sits. `start` is the
/// side's index in the equation; `who` names it in errors.
fn subscripts(text: &str, start: usize, who: &str) -> Result<(Vec<char>, Option<usize>), String> {
    let b = text.as_bytes();
    let (mut labels, mut ell) = (Vec::new(), None);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' => {}
            b'.' => {
                if ell.is_some() {
                    return Err(format!(
                        "found '.' for {who} but an ellipsis (...) was already found"
                    ));
                }
                if !b[i..].starts_with(b"...") {
                    return Err(format!(
                        "found '.' for {who} that is not part of any ellipsis (...)"
                    ));
                }
                ell = Some(labels.len());
                i += 2;
            }
            c if c.is_ascii_alphabetic() => labels.push(c as char),
            _ => {
                let c = text[i..].chars().next().unwrap_or('?');
                return Err(format!(
                    "invalid subscript '{c}' at index {}, subscripts must be in [a-zA-Z]",
                    start + i
                ));
            }
        }
        i += 1;
    }
    Ok((labels, ell))
}

fn parse(eq: &str) -> Result<Equation, String> {
    let bad = |msg: String| format!("einsum! equation \"{eq}\": {msg}");
    let (lhs, rhs) = match eq.find("->") {
        Some(p) => (&eq[..p], Some((&eq[p + 2..], p + 2))),
        None => (eq, None),
    };
    let (mut ops, mut ells) = (Vec::new(), Vec::new());
    let mut start = 0;
    for (op, side) in lhs.split(',').enumerate() {
        let (labels, ell) = subscripts(side, start, &format!("operand {op}")).map_err(&bad)?;
        ops.push(labels);
        ells.push(ell);
        start += side.len() + 1;
    }
    let count = |c: char| ops.iter().flatten().filter(|&&d| d == c).count();
    let (out, out_ell) = match rhs {
        None => {
            // Letters seen once, capitals first (torch.einsum's order),
            // after the `...` dimensions if any operand has them.
            let mut once: Vec<char> = ops
                .iter()
                .flatten()
                .copied()
                .filter(|&c| count(c) == 1)
                .collect();
            once.sort();
            (once, ells.iter().any(Option::is_some).then_some(0))
        }
        Some((r, start)) => {
            let (out, ell) = subscripts(r, start, "output").map_err(&bad)?;
            for (i, &c) in out.iter().enumerate() {
                if out[..i].contains(&c) {
                    return Err(bad(format!(
                        "output subscript {c} appears more than once in the output"
                    )));
                }
                if count(c) == 0 {
                    return Err(bad(format!(
                        "output subscript {c} does not appear in the equation for any input operand"
                    )));
                }
            }
            (out, ell)
        }
    };
    Ok(Equation {
        ops,
        ells,
        out,
        out_ell,
    })
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
    // Each operand's labelled dimensions are type parameters `A{op}_{pos}`,
    // found by the `Labels` bound (which also checks the operand's rank),
    // or by the `Ellipsis` bound, which also finds `E{op}`: the dimensions
    // `...` covers, innermost first.
    let dim = |op: usize, pos: usize| format!("A{op}_{pos}");
    let list = |op: usize, pos: &mut dyn Iterator<Item = usize>| {
        let pos: Vec<usize> = pos.collect();
        pos.iter()
            .rev()
            .fold(String::from("::shaped::shape::Nil"), |acc, &p| {
                format!("::shaped::shape::Cons<{}, {acc}>", dim(op, p))
            })
    };
    let mut generics = String::from("T: ::shaped::Element");
    let mut params = String::new();
    let mut slices = String::new();
    let mut reads = String::new();
    let mut bounds = String::new();
    for (op, labels) in eq.ops.iter().enumerate() {
        generics.push_str(&format!(", S{op}: ::shaped::Layout"));
        for pos in 0..labels.len() {
            generics.push_str(&format!(", {}", dim(op, pos)));
        }
        // A tensor or a typed view (`TypedOperand`), read row-major.
        generics.push_str(&format!(
            ", O{op}: ::shaped::TypedOperand<T, Layout = S{op}>"
        ));
        params.push_str(&format!("o{op}: &O{op}, "));
        reads.push_str(&format!("let p{op} = {T}::row_major(o{op}); "));
        slices.push_str(&format!("(&*p{op}.0, &p{op}.1[..]), "));
        let n = labels.len();
        match eq.ells[op] {
            None => bounds.push_str(&format!(
                "<S{op} as ::shaped::Layout>::List: {T}::Labels<{op}, {n}, {T}::{}, {T}::Pos<0>, Out = {}>,\n",
                count(n),
                list(op, &mut (0..n))
            )),
            Some(p) => {
                generics.push_str(&format!(", E{op}"));
                bounds.push_str(&format!(
                    "<S{op} as ::shaped::Layout>::List: {T}::Ellipsis<{op}, {n}, {T}::{}, {T}::{}, {T}::Pos<0>, Prefix = {}, Suffix = {}, Mid = E{op}>,\n",
                    count(p),
                    count(n - p),
                    list(op, &mut (0..p)),
                    list(op, &mut (p..n).rev())
                ));
            }
        }
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
    // The `...` dimensions: each pair checked, all broadcast into one
    // batch (innermost first).
    let with: Vec<usize> = (0..eq.ops.len())
        .filter(|&op| eq.ells[op].is_some())
        .collect();
    for (i, &p) in with.iter().enumerate() {
        for &q in &with[i + 1..] {
            bounds.push_str(&format!(
                "E{p}: {T}::EllipsisFits<E{q}, {p}, {q}, ::shaped::shape::diagnostic::Ax<1>>,\n"
            ));
        }
    }
    let mut batch = String::from("::shaped::shape::Nil");
    for &p in &with {
        bounds.push_str(&format!("{batch}: {T}::EllipsisZip<E{p}>,\n"));
        batch = format!("<{batch} as {T}::EllipsisZip<E{p}>>::Out");
    }
    // The output: its labels, with the batch where `...` is.
    let label_dim = |c: char, bounds: &mut String| {
        let occ = &seen
            .iter()
            .find(|(d, _)| *d == c)
            .expect("an input label")
            .1;
        let mut d = dim(occ[0].0, occ[0].1);
        for &(q, j) in &occ[1..] {
            bounds.push_str(&format!("{d}: {T}::Merge<{}>,\n", dim(q, j)));
            d = format!("<{d} as {T}::Merge<{}>>::Out", dim(q, j));
        }
        d
    };
    let split = eq.out_ell.unwrap_or(eq.out.len());
    let mut out = String::from("::shaped::shape::Nil");
    for &c in eq.out[split..].iter().rev() {
        out = format!(
            "::shaped::shape::Cons<{}, {out}>",
            label_dim(c, &mut bounds)
        );
    }
    if eq.out_ell.is_some() {
        bounds.push_str(&format!(
            "{batch}: ::shaped::shape::broadcast::ReverseOnto<{out}>,\n"
        ));
        out = format!("<{batch} as ::shaped::shape::broadcast::ReverseOnto<{out}>>::Out");
    }
    for &c in eq.out[..split].iter().rev() {
        out = format!(
            "::shaped::shape::Cons<{}, {out}>",
            label_dim(c, &mut bounds)
        );
    }
    bounds.push_str(&format!("{out}: ::shaped::shape::mixed::ToLayout,\n"));
    format!(
        "#[allow(non_snake_case, clippy::type_complexity, clippy::too_many_arguments)]\n\
         #[track_caller]\n\
         fn __shaped_einsum<{generics}>({params}) -> ::shaped::Tensor<T, <{out} as ::shaped::shape::mixed::ToLayout>::Out>\n\
         where {bounds}\n\
         {{ {reads}{T}::run({text:?}, &[{slices}]) }}\n"
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
