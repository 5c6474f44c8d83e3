func.func @f(%a: f32, %b: f32, %c: f32, %d: f32, %e: f32, %f: f32, %g: f32) {
  return
}
