use shaped::{shape, Tensor};

fn main() {
    let t = Tensor::<i32, shape![2, 3]>::arange();
    let _r = t.repeat_static::<shape![2]>();
}
