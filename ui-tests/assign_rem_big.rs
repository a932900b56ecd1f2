// `%=` with sizes above 1024: [1536] %= [3072] fails (3072 vs 1536 at axis -1).
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<u8, shape![1536]>::ones();
    let b = Tensor::<u8, shape![3072]>::ones();
    a %= b;
}
