//===- Convolution.cpp - convolutions as systile matmuls ------------------===//
//
// A convolution `out[n, oh, ow, f] += x[n, ih, iw, c] * w[kh, kw, c, f]`
// (ih = oh*sh + kh*dh - top, ...) on tiled values:
//
//   %x  = systile.pack (the activation as N*H*W x C; NCHW packed transposed)
//   %c  = systile.pack (the output as N*OH*OW x F: the accumulator)
//   im2col: %a = systile.im2col %x ...; %r = systile.matmul %a, %W, %c
//           with W the KH*KW*C x F filter, rows ordered (kh, kw, c)
//   taps:   for each tap (kh, kw) in row-major order:
//           %a = systile.window %x tap [kh, kw] ...
//           %c = systile.matmul %a, %W_tap, %c   (W_tap: C x F)
//   %out = systile.unpack %r (reshaped back; NCHW transposed back)
//
// A `tensor.pad` of the input by a constant on the spatial dimensions is
// folded into the window (its value is the window's pad_value). A constant
// filter is rearranged here into K x F dense constants, which the pack
// folds into storage-order systile.constants; any other filter is
// rearranged by linalg.transpose / tensor reshapes before its pack.
//
//===----------------------------------------------------------------------===//

#include "Convolution.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace systile;
using namespace systile::lowering;

namespace {

/// Where the dimensions are: the activation's channels last (NHWC, NWC) or
/// after the batch (NCHW, NCW); the filter's order.
/// A pooling's "filter" is its window shape tensor ([KH, KW] or [KW]).
enum class FilterLayout { HWCF, FHWC, FCHW, Window };

struct ConvForm {
  bool channelsLast = true;
  bool oneD = false;
  FilterLayout filter = FilterLayout::HWCF;
  DenseIntElementsAttr strides, dilations;
  bool isPooling() const { return filter == FilterLayout::Window; }
};

template <typename OpTy>
ConvForm formFor(OpTy op, bool channelsLast, bool oneD, FilterLayout filter) {
  return ConvForm{channelsLast, oneD, filter, op.getStrides(),
                  op.getDilations()};
}

template <typename OpTy>
ConvForm poolingForm(OpTy op, bool channelsLast, bool oneD) {
  return formFor(op, channelsLast, oneD, FilterLayout::Window);
}

std::optional<ConvForm> formOf(Operation *op) {
  using F = FilterLayout;
  return llvm::TypeSwitch<Operation *, std::optional<ConvForm>>(op)
      .Case([](linalg::Conv2DNhwcHwcfOp c) {
        return formFor(c, true, false, F::HWCF);
      })
      .Case([](linalg::Conv2DNhwcFhwcOp c) {
        return formFor(c, true, false, F::FHWC);
      })
      .Case([](linalg::Conv2DNchwFchwOp c) {
        return formFor(c, false, false, F::FCHW);
      })
      .Case([](linalg::Conv1DNwcWcfOp c) {
        return formFor(c, true, true, F::HWCF);
      })
      .Case([](linalg::Conv1DNcwFcwOp c) {
        return formFor(c, false, true, F::FCHW);
      })
      .Case<linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcMinOp,
            linalg::PoolingNhwcSumOp, linalg::PoolingNhwcMaxUnsignedOp,
            linalg::PoolingNhwcMinUnsignedOp>(
          [](auto p) { return poolingForm(p, true, false); })
      .Case<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(
          [](auto p) { return poolingForm(p, false, false); })
      .Case<linalg::PoolingNwcMaxOp, linalg::PoolingNwcMinOp,
            linalg::PoolingNwcSumOp, linalg::PoolingNwcMaxUnsignedOp,
            linalg::PoolingNwcMinUnsignedOp>(
          [](auto p) { return poolingForm(p, true, true); })
      .Case<linalg::PoolingNcwMaxOp, linalg::PoolingNcwSumOp>(
          [](auto p) { return poolingForm(p, false, true); })
      .Default([](Operation *) { return std::nullopt; });
}

/// The sizes of an analysed convolution.
struct Conv {
  ConvForm form;
  linalg::LinalgOp op;
  Value input, filter, output; // input: the pad's source when folded
  rt::ConvWindow window;
  int64_t channels = 0, filters = 0;
  Attribute padValue; // the folded pad's value, or null (+0)
  bool isFloat = true;
};

std::string str(Type t) { return llvm::formatv("{0}", t).str(); }

/// The most taps a pooling is lowered with (one systile.window each).
constexpr int64_t kMaxPoolingTaps = 256;

/// A tensor.pad of `value` by a constant on the spatial dimensions only
/// (static low and high padding): its source, pads and value.
struct FoldedPad {
  Value source;
  int64_t top = 0, left = 0, bottom = 0, right = 0;
  Attribute value;
};

std::optional<FoldedPad> foldablePad(Value value, const ConvForm &form) {
  auto pad = value.getDefiningOp<tensor::PadOp>();
  if (!pad)
    return std::nullopt;
  Value padding = pad.getConstantPaddingValue();
  Attribute constant;
  if (!padding || !matchPattern(padding, m_Constant(&constant)))
    return std::nullopt;
  SmallVector<int64_t> low(pad.getStaticLow()), high(pad.getStaticHigh());
  if (llvm::any_of(low, ShapedType::isDynamic) ||
      llvm::any_of(high, ShapedType::isDynamic))
    return std::nullopt;
  // The spatial dimensions: H, W of [N, H, W, C] / [N, C, H, W] (W alone
  // for 1-D).
  const int64_t rank = static_cast<int64_t>(low.size());
  const int64_t first = form.channelsLast ? 1 : 2;
  const int64_t count = form.oneD ? 1 : 2;
  FoldedPad folded;
  folded.source = pad.getSource();
  for (int64_t d = 0; d < rank; ++d) {
    const bool spatial = d >= first && d < first + count;
    if (!spatial && (low[d] != 0 || high[d] != 0))
      return std::nullopt;
  }
  if (form.oneD) {
    folded.left = low[first];
    folded.right = high[first];
  } else {
    folded.top = low[first];
    folded.bottom = high[first];
    folded.left = low[first + 1];
    folded.right = high[first + 1];
  }
  folded.value = constant;
  return folded;
}

/// Analyses `op`; the reason in `why` when it cannot be lowered.
std::optional<Conv> analyze(linalg::LinalgOp op, const ConvForm &form,
                            GeometryAttr geometry, std::string &why) {
  if (!op.hasPureTensorSemantics()) {
    why = "operands are not all tensors";
    return std::nullopt;
  }
  Conv c;
  c.form = form;
  c.op = op;
  c.input = op.getDpsInputs()[0];
  c.filter = op.getDpsInputs()[1];
  c.output = op.getDpsInits()[0];
  auto inType = dyn_cast<RankedTensorType>(c.input.getType());
  auto wType = dyn_cast<RankedTensorType>(c.filter.getType());
  auto outType = dyn_cast<RankedTensorType>(c.output.getType());
  if (!inType || !wType || !outType || !inType.hasStaticShape() ||
      !wType.hasStaticShape() || !outType.hasStaticShape()) {
    why = "dynamic shapes";
    return std::nullopt;
  }
  for (auto type : {inType, wType, outType})
    if (llvm::any_of(type.getShape(), [](int64_t d) { return d < 1; }) ||
        type.getEncoding()) {
      why = "an empty dimension or an encoding";
      return std::nullopt;
    }
  Type a = inType.getElementType(), b = wType.getElementType(),
       o = outType.getElementType();
  auto isFloatIn = [](Type t) { return t.isF32() || t.isBF16(); };
  auto isTiledElement = [&](Type t) {
    return isFloatIn(t) || t.isSignlessInteger(8) || t.isSignlessInteger(32);
  };
  if (form.isPooling()) {
    // The window combines input and accumulator by the op's own payload,
    // cloned into a systile.elementwise: any tiled element types.
    if (!isTiledElement(a) || !isTiledElement(o)) {
      why = "element types " + str(a) + " -> " + str(o) +
            " (systile pooling takes f32, bf16, i8 or i32)";
      return std::nullopt;
    }
    Block &body = op->getRegion(0).front();
    if (!body.getArgument(1).use_empty()) {
      why = "the payload reads the window tensor";
      return std::nullopt;
    }
    c.isFloat = isFloatIn(o);
  } else if (isFloatIn(a) && isFloatIn(b) && o.isF32()) {
    c.isFloat = true;
  } else if (a.isSignlessInteger(8) && b.isSignlessInteger(8) &&
             o.isSignlessInteger(32)) {
    c.isFloat = false;
  } else {
    why = "element types " + str(a) + " x " + str(b) + " -> " + str(o) +
          " (systile convolutions take (f32|bf16) x (f32|bf16) -> f32 or "
          "i8 x i8 -> i32)";
    return std::nullopt;
  }
  if (!form.isPooling() && a != b) {
    why = "input and filter element types differ (" + str(a) + ", " + str(b) +
          ")";
    return std::nullopt;
  }

  // [N, H, W, C] with H = 1 for 1-D.
  ArrayRef<int64_t> in = inType.getShape(), w = wType.getShape(),
                    out = outType.getShape();
  int64_t n = in[0], h = 1, width, ch;
  int64_t oh = 1, ow, f;
  int64_t kh = 1, kw;
  if (form.channelsLast) {
    ch = in.back();
    width = in[in.size() - 2];
    if (!form.oneD)
      h = in[1];
    f = out.back();
    ow = out[out.size() - 2];
    if (!form.oneD)
      oh = out[1];
  } else {
    ch = in[1];
    width = in.back();
    if (!form.oneD)
      h = in[2];
    f = out[1];
    ow = out.back();
    if (!form.oneD)
      oh = out[2];
  }
  switch (form.filter) {
  case FilterLayout::HWCF: // [KH, KW, C, F] or [KW, C, F]
    kw = w[w.size() - 3];
    if (!form.oneD)
      kh = w[0];
    break;
  case FilterLayout::FHWC: // [F, KH, KW, C]
    kh = w[1];
    kw = w[2];
    break;
  case FilterLayout::FCHW: // [F, C, KH, KW] or [F, C, KW]
    kw = w.back();
    if (!form.oneD)
      kh = w[2];
    break;
  case FilterLayout::Window: // [KH, KW] or [KW]
    kw = w.back();
    if (!form.oneD)
      kh = w[0];
    break;
  }
  c.channels = ch;
  c.filters = f;

  SmallVector<int64_t, 2> strides(form.strides.getValues<int64_t>());
  SmallVector<int64_t, 2> dilations(form.dilations.getValues<int64_t>());
  rt::ConvWindow &win = c.window;
  win.batch = n;
  win.height = h;
  win.width = width;
  win.kernelH = kh;
  win.kernelW = kw;
  win.strideW = strides.back();
  win.dilationW = dilations.back();
  if (!form.oneD) {
    win.strideH = strides[0];
    win.dilationH = dilations[0];
  }
  if (std::optional<FoldedPad> pad = foldablePad(c.input, form)) {
    auto source = cast<RankedTensorType>(pad->source.getType());
    if (source.hasStaticShape()) {
      c.input = pad->source;
      c.padValue = pad->value;
      win.padTop = pad->top;
      win.padLeft = pad->left;
      win.padBottom = pad->bottom;
      win.padRight = pad->right;
      ArrayRef<int64_t> s = source.getShape();
      if (form.channelsLast) {
        win.width = s[s.size() - 2];
        if (!form.oneD)
          win.height = s[1];
      } else {
        win.width = s.back();
        if (!form.oneD)
          win.height = s[2];
      }
    }
  }
  if (std::string bad = win.check(); !bad.empty()) {
    why = "the window: " + bad;
    return std::nullopt;
  }
  if (win.outHeight() != oh || win.outWidth() != ow) {
    why = llvm::formatv("the output image is {0}x{1}, the window gives "
                        "{2}x{3} (an output that reads part of the input only)",
                        oh, ow, win.outHeight(), win.outWidth())
              .str();
    return std::nullopt;
  }
  // A pooling issues one window per tap: a global pooling over a large
  // image would unroll thousands of them (it is a reduction instead).
  if (form.isPooling() && win.taps() > kMaxPoolingTaps) {
    why = llvm::formatv("a pooling window of {0} taps (more than {1}: one "
                        "systile.window each)",
                        win.taps(), kMaxPoolingTaps)
              .str();
    return std::nullopt;
  }
  // The storage of the widest value (the im2col matrix) must fit.
  const int64_t rows = win.outputRows();
  if (rows > (int64_t(1) << 40) / (win.taps() * ch)) {
    why = "the im2col matrix would be too large";
    return std::nullopt;
  }
  (void)geometry;
  return c;
}

/// The permuted copy of dense constant `attr` as `shape`: element k of the
/// result (row-major) is element `source(k)` of `attr`.
DenseElementsAttr rearrange(DenseElementsAttr attr, ArrayRef<int64_t> shape,
                            function_ref<int64_t(int64_t)> source) {
  auto type = RankedTensorType::get(shape, attr.getElementType());
  if (attr.isSplat())
    return attr.resizeSplat(type);
  const size_t width =
      (attr.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  ArrayRef<char> raw = attr.getRawData();
  std::vector<char> data(raw.size());
  const int64_t count = type.getNumElements();
  for (int64_t k = 0; k < count; ++k)
    std::memcpy(data.data() + k * width, raw.data() + source(k) * width,
                width);
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

struct ConvEmitter {
  OpBuilder &b;
  Location loc;
  const Conv &c;
  const LoweringOptions &options;
  Value flatFilter = {};

  TiledType tiled(ArrayRef<int64_t> shape, Type element) {
    return TiledType::get(shape, element, options.geometry, PadKind::Zero);
  }

  Value collapse(Value v, ArrayRef<ReassociationIndices> groups) {
    return tensor::CollapseShapeOp::create(b, loc, v, groups);
  }

  /// An activation-shaped tensor (`[N, H, W, C]`, `[N, C, H, W]`, or 1-D)
  /// as the tiled `N*H*W x C` matrix.
  Value packImage(Value image) {
    auto type = cast<RankedTensorType>(image.getType());
    ArrayRef<int64_t> s = type.getShape();
    Type element = type.getElementType();
    const int64_t rank = type.getRank();
    if (c.form.channelsLast) {
      ReassociationIndices rows;
      for (int64_t d = 0; d < rank - 1; ++d)
        rows.push_back(d);
      Value flat = collapse(image, {rows, {rank - 1}});
      const int64_t nRows = type.getNumElements() / s.back();
      return PackOp::create(b, loc, tiled({nRows, s.back()}, element), flat,
                            /*transpose=*/false);
    }
    // [N, C, spatial..] -> [N, C, P] -> packed transposed [N, P, C] ->
    // merge_rows [N*P, C] (a plain pack when N = 1).
    const int64_t n = s[0], ch = s[1];
    const int64_t p = type.getNumElements() / (n * ch);
    if (n == 1) {
      ReassociationIndices spatial;
      for (int64_t d = 2; d < rank; ++d)
        spatial.push_back(d);
      Value flat = collapse(image, {{0, 1}, spatial});
      return PackOp::create(b, loc, tiled({p, ch}, element), flat,
                            /*transpose=*/true);
    }
    ReassociationIndices spatial;
    for (int64_t d = 2; d < rank; ++d)
      spatial.push_back(d);
    Value flat = rank == 3 ? image : collapse(image, {{0}, {1}, spatial});
    Value batched = PackOp::create(b, loc, tiled({n, p, ch}, element), flat,
                                   /*transpose=*/true);
    return MergeRowsOp::create(b, loc, tiled({n * p, ch}, element), batched);
  }

  /// The inverse of packImage for the output `like`'s shape.
  Value unpackImage(Value matrix, RankedTensorType like) {
    ArrayRef<int64_t> s = like.getShape();
    Type element = like.getElementType();
    const int64_t rank = like.getRank();
    if (c.form.channelsLast) {
      ReassociationIndices rows;
      for (int64_t d = 0; d < rank - 1; ++d)
        rows.push_back(d);
      auto type = cast<TiledType>(matrix.getType());
      Value flat = UnpackOp::create(b, loc, type.getLogicalTensorType(), matrix);
      return tensor::ExpandShapeOp::create(b, loc, like, flat,
                                           {rows, {rank - 1}});
    }
    const int64_t n = s[0], f = s[1];
    const int64_t p = like.getNumElements() / (n * f);
    ReassociationIndices spatial;
    for (int64_t d = 2; d < rank; ++d)
      spatial.push_back(d);
    Value batched = matrix;
    if (n > 1)
      batched = SplitRowsOp::create(b, loc, tiled({n, p, f}, element), matrix);
    SmallVector<int64_t> tShape = n > 1 ? SmallVector<int64_t>{n, f, p}
                                        : SmallVector<int64_t>{f, p};
    Value transposed =
        TransposeOp::create(b, loc, tiled(tShape, element), batched);
    auto denseType = RankedTensorType::get(tShape, element);
    Value dense = UnpackOp::create(b, loc, denseType, transposed);
    if (n > 1)
      return rank == 3 ? dense
                       : tensor::ExpandShapeOp::create(b, loc, like, dense,
                                                       {{0}, {1}, spatial});
    ReassociationIndices lead{0, 1};
    return tensor::ExpandShapeOp::create(b, loc, like, dense, {lead, spatial});
  }

  /// The filter as `[KH, KW, C, F]` (`[KH*KW*C, F]` rows (kh, kw, c)),
  /// dense: a constant rearranged here, anything else by a
  /// linalg.transpose.
  Value filterHWCF() {
    auto type = cast<RankedTensorType>(c.filter.getType());
    const rt::ConvWindow &w = c.window;
    const int64_t kh = w.kernelH, kw = w.kernelW, ch = c.channels,
                  f = c.filters;
    SmallVector<int64_t> hwcf{kh, kw, ch, f};
    // Index of element (i, j, cc, ff) of HWCF in the stored filter.
    auto storedIndex = [&](int64_t i, int64_t j, int64_t cc,
                           int64_t ff) -> int64_t {
      switch (c.form.filter) {
      case FilterLayout::HWCF:
        return ((i * kw + j) * ch + cc) * f + ff;
      case FilterLayout::FHWC:
        return ((ff * kh + i) * kw + j) * ch + cc;
      case FilterLayout::FCHW:
        return ((ff * ch + cc) * kh + i) * kw + j;
      case FilterLayout::Window: // a pooling has no filter
        break;
      }
      return 0;
    };
    DenseElementsAttr constant;
    if (matchPattern(c.filter, m_Constant(&constant))) {
      auto attr = rearrange(constant, hwcf, [&](int64_t k) {
        const int64_t ff = k % f;
        int64_t t = k / f;
        const int64_t cc = t % ch;
        t /= ch;
        const int64_t j = t % kw;
        const int64_t i = t / kw;
        return storedIndex(i, j, cc, ff);
      });
      return arith::ConstantOp::create(b, loc, attr);
    }
    Type element = type.getElementType();
    // A 4-D view of the stored filter, then the permutation to HWCF.
    SmallVector<int64_t> stored4;
    SmallVector<int64_t> perm;
    switch (c.form.filter) {
    case FilterLayout::HWCF:
      stored4 = hwcf;
      break;
    case FilterLayout::FHWC:
      stored4 = {f, kh, kw, ch};
      perm = {1, 2, 3, 0};
      break;
    case FilterLayout::FCHW:
      stored4 = {f, ch, kh, kw};
      perm = {2, 3, 1, 0};
      break;
    case FilterLayout::Window: // a pooling has no filter
      return c.filter;
    }
    Value v = c.filter;
    if (type.getRank() == 3) // 1-D: KH = 1 inserted
      v = tensor::ExpandShapeOp::create(
          b, loc, RankedTensorType::get(stored4, element), v,
          c.form.filter == FilterLayout::HWCF
              ? SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}}
              : SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
    if (perm.empty())
      return v;
    Value init = tensor::EmptyOp::create(b, loc, hwcf, element);
    return linalg::TransposeOp::create(b, loc, v, init, perm).getResult()[0];
  }

  /// The `rows x F` filter matrix of taps [first, first + count) (rows
  /// ordered (tap, c)), packed.
  Value filterMatrix(Value hwcf, int64_t firstTap, int64_t count) {
    const rt::ConvWindow &w = c.window;
    const int64_t ch = c.channels, f = c.filters;
    auto type = cast<RankedTensorType>(hwcf.getType());
    Type element = type.getElementType();
    if (!flatFilter) // [KH*KW*C, F], once for every tap
      flatFilter = collapse(hwcf, {{0, 1, 2}, {3}});
    Value flat = flatFilter;
    Value matrix = flat;
    if (count != w.taps()) {
      SmallVector<OpFoldResult> offsets{b.getIndexAttr(firstTap * ch),
                                        b.getIndexAttr(0)};
      SmallVector<OpFoldResult> sizes{b.getIndexAttr(count * ch),
                                      b.getIndexAttr(f)};
      SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
      DenseElementsAttr constant;
      if (matchPattern(hwcf, m_Constant(&constant))) {
        // A constant slice: rows [firstTap*C, (firstTap+count)*C).
        const int64_t base = firstTap * ch * f;
        matrix = arith::ConstantOp::create(
            b, loc,
            rearrange(constant, {count * ch, f},
                      [&](int64_t k) { return base + k; }));
      } else {
        matrix = tensor::ExtractSliceOp::create(
            b, loc, RankedTensorType::get({count * ch, f}, element), flat,
            offsets, sizes, strides);
      }
    }
    return PackOp::create(b, loc, tiled({count * ch, f}, element), matrix,
                          /*transpose=*/false);
  }

  DenseI64ArrayAttr arr(ArrayRef<int64_t> values) {
    return b.getDenseI64ArrayAttr(values);
  }

  /// `systile.window` of tap (i, j) of the packed activation `x`.
  Value tapWindow(Value x, int64_t i, int64_t j) {
    const rt::ConvWindow &w = c.window;
    auto type = tiled({w.outputRows(), c.channels},
                      cast<TiledType>(x.getType()).getElementType());
    return WindowOp::create(b, loc, type, x, arr({i, j}), arr(imageOf(w)),
                            arr({w.kernelH, w.kernelW}),
                            arr({w.strideH, w.strideW}),
                            arr({w.dilationH, w.dilationW}), arr(paddingOf(w)),
                            padValueAttr());
  }

  /// `systile.im2col` of the packed activation `x`.
  Value im2colOf(Value x) {
    const rt::ConvWindow &w = c.window;
    auto type = tiled({w.outputRows(), w.taps() * c.channels},
                      cast<TiledType>(x.getType()).getElementType());
    return Im2colOp::create(b, loc, type, x, arr(imageOf(w)),
                            arr({w.kernelH, w.kernelW}),
                            arr({w.strideH, w.strideW}),
                            arr({w.dilationH, w.dilationW}), arr(paddingOf(w)),
                            padValueAttr());
  }

  static SmallVector<int64_t, 3> imageOf(const rt::ConvWindow &w) {
    return {w.batch, w.height, w.width};
  }
  static SmallVector<int64_t, 4> paddingOf(const rt::ConvWindow &w) {
    return {w.padTop, w.padLeft, w.padBottom, w.padRight};
  }

  /// The folded pad's value when it is not +0 (the window's default).
  TypedAttr padValueAttr() {
    if (!c.padValue || isZeroValue(c.padValue))
      return {};
    return cast<TypedAttr>(c.padValue);
  }

  static bool isZeroValue(Attribute a) {
    if (auto f = dyn_cast<FloatAttr>(a))
      return f.getValue().isPosZero();
    if (auto i = dyn_cast<IntegerAttr>(a))
      return i.getValue().isZero();
    return false;
  }

  Value matmul(Value lhs, Value rhs, Value acc) {
    return MatmulOp::create(b, loc, acc.getType(), lhs, rhs, acc,
                            /*rhs_transposed=*/UnitAttr(),
                            precisionFor(b, c.isFloat, options),
                            flushFor(b, c.isFloat, options));
  }

  /// `acc = payload(window, acc)` on every slot: the pooling's payload
  /// cloned into a systile.elementwise, its input read from the window and
  /// its output from the accumulator.
  Value combine(Value acc, Value window) {
    auto type = cast<TiledType>(acc.getType());
    Block &payload = c.op->getRegion(0).front();
    auto ew = ElementwiseOp::create(b, loc, type, ValueRange{acc, window});
    OpBuilder::InsertionGuard guard(b);
    Type inElement = cast<TiledType>(window.getType()).getElementType();
    Block *block = b.createBlock(&ew.getBody(), {},
                                 {type.getElementType(), inElement},
                                 {loc, loc});
    IRMapping map;
    map.map(payload.getArgument(0), block->getArgument(1)); // the input
    map.map(payload.getArgument(2), block->getArgument(0)); // the output
    for (Operation &inner : payload.without_terminator())
      b.clone(inner, map);
    Value yielded = map.lookup(payload.getTerminator()->getOperand(0));
    YieldOp::create(b, loc, yielded);
    return ew.getResult();
  }

  /// A pooling: the windows of the taps in row-major order, combined into
  /// the accumulator one after the other (upstream's order: the window
  /// loops are its innermost reductions, kh then kw).
  Value lowerPooling() {
    const rt::ConvWindow &w = c.window;
    Value x = packImage(c.input);
    Value acc = packImage(c.output);
    for (int64_t i = 0; i < w.kernelH; ++i)
      for (int64_t j = 0; j < w.kernelW; ++j)
        acc = combine(acc, tapWindow(x, i, j));
    return unpackImage(acc, cast<RankedTensorType>(c.output.getType()));
  }

  Value lower(ConvStrategy strategy) {
    if (c.form.isPooling())
      return lowerPooling();
    const rt::ConvWindow &w = c.window;
    Value x = packImage(c.input);
    Value acc = packImage(c.output);
    Value hwcf = filterHWCF();
    if (strategy == ConvStrategy::Im2col)
      return unpackImage(matmul(im2colOf(x), filterMatrix(hwcf, 0, w.taps()), acc),
                         cast<RankedTensorType>(c.output.getType()));
    for (int64_t i = 0; i < w.kernelH; ++i)
      for (int64_t j = 0; j < w.kernelW; ++j)
        acc = matmul(tapWindow(x, i, j),
                     filterMatrix(hwcf, i * w.kernelW + j, 1), acc);
    return unpackImage(acc, cast<RankedTensorType>(c.output.getType()));
  }
};

} // namespace

bool lowering::isConvolutionCandidate(Operation *op) {
  return formOf(op).has_value();
}

bool lowering::lowerConvolution(linalg::LinalgOp op,
                                const LoweringOptions &options,
                                ConvStrategy strategy, std::string &why) {
  std::optional<ConvForm> form = formOf(op);
  if (!form) {
    why = "not a convolution form systile knows";
    return false;
  }
  std::optional<Conv> conv = analyze(op, *form, options.geometry, why);
  if (!conv)
    return false;
  OpBuilder b(op);
  ConvEmitter emitter{b, op.getLoc(), *conv, options};
  Value result = emitter.lower(strategy);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
  return true;
}
