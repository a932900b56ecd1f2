// Generic code over shapes names the bound `S: BroadcastWith<R>` and the result
// `Broadcast<S, R>`; in place it names `R: BroadcastTo<S>`.
use shaped::{Broadcast, BroadcastTo, BroadcastWith, Shape, Tensor, shape};

fn add<S: BroadcastWith<R>, R: Shape>(
    a: &Tensor<f32, S>,
    b: &Tensor<f32, R>,
) -> Tensor<f32, Broadcast<S, R>> {
    a + b
}

// Three operands: the result of the first broadcast must broadcast with the third.
fn fma<S, R, Q>(
    a: &Tensor<f32, S>,
    b: &Tensor<f32, R>,
    c: &Tensor<f32, Q>,
) -> Tensor<f32, Broadcast<Broadcast<S, R>, Q>>
where
    S: BroadcastWith<R>,
    R: Shape,
    Q: Shape,
    Broadcast<S, R>: BroadcastWith<Q>,
{
    a * b + c
}

fn accumulate<S: Shape, R: BroadcastTo<S>>(acc: &mut Tensor<f32, S>, x: &Tensor<f32, R>) {
    *acc += x;
}

fn main() {
    let a = Tensor::<f32, shape![4, 1]>::arange();
    let b = Tensor::<f32, shape![3]>::arange();
    let c = add(&a, &b);
    assert_eq!(c.shape(), [4, 3]);
    let c: Tensor<f32, shape![4, 3]> = c; // the alias resolves to the concrete shape
    assert_eq!(c[[3, 2]], 5.0);

    // Symmetric: add(b, a) has the same shape.
    let d: Tensor<f32, shape![4, 3]> = add(&b, &a);
    assert_eq!(d, c);

    // [5, 1, 4, 1] * [3, 1, 2] + [] is [5, 3, 4, 2] (seed 000).
    let e = fma(
        &Tensor::<f32, shape![5, 1, 4, 1]>::ones(),
        &Tensor::<f32, shape![3, 1, 2]>::full(2.0),
        &Tensor::<f32, shape![]>::full(1.0),
    );
    assert_eq!(e.shape(), [5, 3, 4, 2]);
    assert!(e.as_slice().iter().all(|&x| x == 3.0));

    let mut acc = Tensor::<f32, shape![2, 3]>::zeros();
    accumulate(&mut acc, &Tensor::<f32, shape![3]>::ones());
    accumulate(&mut acc, &Tensor::<f32, shape![2, 1]>::ones());
    assert!(acc.as_slice().iter().all(|&x| x == 2.0));

    // The trait itself, usable as a type-level function.
    type Out = Broadcast<shape![8, 1, 6, 1], shape![7, 1, 5]>;
    assert_eq!(&*Out::DIMS, &[8, 7, 6, 5]);
}
