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
/// after the batch (NCHW, NCW); the filter's dimensions in stored order as
/// letters: `G` groups, `F` filters per group, `C` channels per group, `H`
/// and `W` the kernel (a missing letter is 1; `H` is dropped for 1-D). A
/// depthwise filter's channel dimension is its groups (`HWG`: one channel
/// and one filter per group; `HWGF`: a channel multiplier of F).
/// A pooling has no filter letters: its "filter" is the window shape
/// tensor ([KH, KW] or [KW]).
struct ConvForm {
  bool channelsLast = true;
  bool oneD = false;
  StringRef filter; // empty for a pooling
  /// The first of two adjacent dimensions, (groups, per group), that hold
  /// the input's or the output's channels (-1: one channel dimension).
  int64_t inChannelPair = -1, outChannelPair = -1;
  DenseIntElementsAttr strides, dilations;
  bool isPooling() const { return filter.empty(); }
};

template <typename OpTy>
ConvForm formFor(OpTy op, bool channelsLast, bool oneD, StringRef filter,
                 int64_t inPair = -1, int64_t outPair = -1) {
  return ConvForm{channelsLast,    oneD, filter, inPair, outPair,
                  op.getStrides(), op.getDilations()};
}

template <typename OpTy>
ConvForm poolingForm(OpTy op, bool channelsLast, bool oneD) {
  return formFor(op, channelsLast, oneD, "");
}

std::optional<ConvForm> formOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<ConvForm>>(op)
      .Case([](linalg::Conv2DNhwcHwcfOp c) {
        return formFor(c, true, false, "HWCF");
      })
      .Case([](linalg::Conv2DNhwcFhwcOp c) {
        return formFor(c, true, false, "FHWC");
      })
      .Case([](linalg::Conv2DNchwFchwOp c) {
        return formFor(c, false, false, "FCHW");
      })
      .Case([](linalg::Conv1DNwcWcfOp c) {
        return formFor(c, true, true, "HWCF");
      })
      .Case([](linalg::Conv1DNcwFcwOp c) {
        return formFor(c, false, true, "FCHW");
      })
      // Grouped: [N, G, C, H, W] -> [N, G, F, OH, OW]; [N, H, W, G, C] ->
      // [N, OH, OW, G, F].
      .Case([](linalg::Conv2DNgchwGfchwOp c) {
        return formFor(c, false, false, "GFCHW", 1, 1);
      })
      .Case([](linalg::Conv2DNgchwFgchwOp c) {
        return formFor(c, false, false, "FGCHW", 1, 1);
      })
      .Case([](linalg::Conv2DNhwgcGfhwcOp c) {
        return formFor(c, true, false, "GFHWC", 3, 3);
      })
      // Depthwise: one group per channel; the multiplier forms' output is
      // [N, OH, OW, C, M].
      .Case([](linalg::DepthwiseConv2DNhwcHwcOp c) {
        return formFor(c, true, false, "HWG");
      })
      .Case([](linalg::DepthwiseConv2DNchwChwOp c) {
        return formFor(c, false, false, "GHW");
      })
      .Case([](linalg::DepthwiseConv2DNhwcHwcmOp c) {
        return formFor(c, true, false, "HWGF", -1, 3);
      })
      .Case([](linalg::DepthwiseConv1DNwcWcOp c) {
        return formFor(c, true, true, "HWG");
      })
      .Case([](linalg::DepthwiseConv1DNcwCwOp c) {
        return formFor(c, false, true, "GHW");
      })
      .Case([](linalg::DepthwiseConv1DNwcWcmOp c) {
        return formFor(c, true, true, "HWGF", -1, 2);
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

/// The filter letters of `form` as stored (`H` dropped for 1-D).
std::string storedLetters(const ConvForm &form) {
  std::string letters = form.filter.str();
  if (form.oneD)
    letters.erase(std::remove(letters.begin(), letters.end(), 'H'),
                  letters.end());
  return letters;
}

/// The shape `shape` with dimensions [pair, pair + 1] merged (unchanged
/// when pair < 0), and the reassociation that does it.
SmallVector<int64_t> mergedShape(ArrayRef<int64_t> shape, int64_t pair,
                                 SmallVector<ReassociationIndices> *groups) {
  SmallVector<int64_t> merged;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    if (d == pair) {
      merged.push_back(shape[d] * shape[d + 1]);
      if (groups)
        groups->push_back({d, d + 1});
      ++d;
      continue;
    }
    merged.push_back(shape[d]);
    if (groups)
      groups->push_back({d});
  }
  return merged;
}

/// The sizes of an analysed convolution.
struct Conv {
  ConvForm form;
  linalg::LinalgOp op;
  /// input: the image with one channel dimension (the pad's source when
  /// one is folded); `mergeInput` when the emitter must still merge the
  /// op's (groups, channels) input dimensions into it.
  Value input, filter, output;
  bool mergeInput = false;
  rt::ConvWindow window;
  /// The groups, and the channels and filters of one group.
  int64_t groups = 1, channels = 0, filters = 0;
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
  c.mergeInput = form.inChannelPair >= 0;
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

  // A grouped input expanded from an image with one channel dimension (as
  // torch-mlir emits it) is read from that image.
  SmallVector<ReassociationIndices> inGroups;
  SmallVector<int64_t> in =
      mergedShape(inType.getShape(), form.inChannelPair, &inGroups);
  if (auto expand = c.input.getDefiningOp<tensor::ExpandShapeOp>();
      expand && c.mergeInput &&
      expand.getSrcType().getShape() == ArrayRef<int64_t>(in) &&
      expand.getReassociationIndices() == inGroups) {
    c.input = expand.getSrc();
    c.mergeInput = false;
  }
  SmallVector<int64_t> out =
      mergedShape(outType.getShape(), form.outChannelPair, nullptr);
  ArrayRef<int64_t> w = wType.getShape();
  // [N, H, W, C] with H = 1 for 1-D.
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
  // The filter's sizes by letter (a pooling's window: [KH, KW] or [KW]).
  const std::string letters = form.isPooling()
                                  ? std::string(form.oneD ? "W" : "HW")
                                  : storedLetters(form);
  if (letters.size() != w.size()) {
    why = "the filter has rank " + std::to_string(w.size());
    return std::nullopt;
  }
  auto sizeOf = [&](char letter) -> int64_t {
    size_t at = letters.find(letter);
    return at == std::string::npos ? 1 : w[at];
  };
  kh = sizeOf('H');
  kw = sizeOf('W');
  if (!form.isPooling()) {
    c.groups = sizeOf('G');
    const int64_t perGroupIn = sizeOf('C'), perGroupOut = sizeOf('F');
    if (c.groups * perGroupIn != ch || c.groups * perGroupOut != f) {
      why = llvm::formatv("{0} groups of {1} channels and {2} filters do "
                          "not make {3} input and {4} output channels",
                          c.groups, perGroupIn, perGroupOut, ch, f)
                .str();
      return std::nullopt;
    }
    c.channels = perGroupIn;
    c.filters = perGroupOut;
  } else {
    c.channels = ch;
    c.filters = f;
  }

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
  if (std::optional<FoldedPad> pad =
          c.mergeInput ? std::nullopt : foldablePad(c.input, form)) {
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
    const int64_t channelDim = c.form.channelsLast ? rank - 1 : 1;
    // A per-channel vector broadcast over every other dimension (a bias as
    // the accumulator's initial value): its 1 x C row packed and repeated
    // down the N*H*W rows, with no dense broadcast to pack.
    if (auto broadcast = image.getDefiningOp<linalg::BroadcastOp>()) {
      Value vector = broadcast.getInput();
      ArrayRef<int64_t> dims = broadcast.getDimensions();
      if (cast<RankedTensorType>(vector.getType()).getRank() == 1 &&
          static_cast<int64_t>(dims.size()) == rank - 1 &&
          !llvm::is_contained(dims, channelDim)) {
        const int64_t ch = s[channelDim];
        Value row = tensor::ExpandShapeOp::create(
            b, loc, RankedTensorType::get({1, ch}, element), vector,
            {ReassociationIndices{0, 1}});
        Value packed = PackOp::create(b, loc, tiled({1, ch}, element), row,
                                      /*transpose=*/false);
        return BroadcastOp::create(
            b, loc, tiled({type.getNumElements() / ch, ch}, element), packed,
            /*dim=*/0);
      }
    }
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

  /// The filter as `[G, KH, KW, C, F]` (per group: rows (kh, kw, c) of
  /// its `KH*KW*C x F` matrix), dense: a constant rearranged here, anything
  /// else by a linalg.transpose of its 5-D view.
  Value filterGHWCF() {
    auto type = cast<RankedTensorType>(c.filter.getType());
    const rt::ConvWindow &w = c.window;
    const int64_t g = c.groups, kh = w.kernelH, kw = w.kernelW,
                  ch = c.channels, f = c.filters;
    SmallVector<int64_t> target{g, kh, kw, ch, f};
    // The five letters in stored order (a missing one is a unit
    // dimension), and the size of each.
    std::string order = c.form.filter.str();
    for (char letter : StringRef("GHWCF"))
      if (order.find(letter) == std::string::npos)
        order.push_back(letter);
    auto sizeOf = [&](char letter) -> int64_t {
      switch (letter) {
      case 'G':
        return g;
      case 'H':
        return kh;
      case 'W':
        return kw;
      case 'C':
        return ch;
      default:
        return f;
      }
    };
    // A constant (dense or dense_resource, as torch-mlir exports weights).
    if (DenseElementsAttr constant = constantValueOf(c.filter)) {
      // Element k of the target (row-major over [G, KH, KW, C, F]) is the
      // stored element of the same (g, kh, kw, c, f).
      auto attr = rearrange(constant, target, [&](int64_t k) {
        int64_t index[5]; // by target position
        for (int d = 4; d >= 0; --d) {
          index[d] = k % target[d];
          k /= target[d];
        }
        int64_t at = 0;
        for (char letter : order)
          at = at * sizeOf(letter) +
               index[StringRef("GHWCF").find(letter)];
        return at;
      });
      return arith::ConstantOp::create(b, loc, attr);
    }
    Type element = type.getElementType();
    // The stored filter transposed to its letters in [G, KH, KW, C, F]
    // order (the letters it has), then reshaped to the five dimensions.
    const std::string stored = storedLetters(c.form);
    std::string sorted;
    SmallVector<int64_t> perm;
    for (char letter : StringRef("GHWCF"))
      if (size_t at = stored.find(letter); at != std::string::npos) {
        sorted.push_back(letter);
        perm.push_back(static_cast<int64_t>(at));
      }
    Value v = c.filter;
    if (sorted != stored) {
      SmallVector<int64_t> shape;
      for (int64_t d : perm)
        shape.push_back(type.getDimSize(d));
      Value init = tensor::EmptyOp::create(b, loc, shape, element);
      v = linalg::TransposeOp::create(b, loc, v, init, perm).getResult()[0];
    }
    ReassociationIndices all;
    for (int64_t d = 0; d < type.getRank(); ++d)
      all.push_back(d);
    Value flat = collapse(v, {all});
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(target, element), flat,
        {ReassociationIndices{0, 1, 2, 3, 4}});
  }

  /// The filter matrices of taps [first, first + count), packed: `rows x
  /// F` (rows ordered (tap, c)), one per group when there are groups
  /// (`[G, rows, F]`).
  Value filterMatrix(Value ghwcf, int64_t firstTap, int64_t count) {
    const rt::ConvWindow &w = c.window;
    const int64_t g = c.groups, ch = c.channels, f = c.filters;
    auto type = cast<RankedTensorType>(ghwcf.getType());
    Type element = type.getElementType();
    // [KH*KW*C, F], or [G, KH*KW*C, F] with groups; once for every tap.
    const bool grouped = g > 1;
    if (!flatFilter)
      flatFilter = grouped ? collapse(ghwcf, {{0}, {1, 2, 3}, {4}})
                           : collapse(ghwcf, {{0, 1, 2, 3}, {4}});
    SmallVector<int64_t> shape{count * ch, f};
    if (grouped)
      shape.insert(shape.begin(), g);
    Value matrix = flatFilter;
    if (count != w.taps()) {
      if (DenseElementsAttr constant = constantValueOf(ghwcf)) {
        // A constant slice: rows [firstTap*C, (firstTap+count)*C) of each
        // group's matrix.
        const int64_t rows = w.taps() * ch;
        matrix = arith::ConstantOp::create(
            b, loc, rearrange(constant, shape, [&](int64_t k) {
              const int64_t group = k / (count * ch * f);
              const int64_t rest = k % (count * ch * f);
              return (group * rows + firstTap * ch) * f + rest;
            }));
      } else {
        SmallVector<OpFoldResult> offsets{b.getIndexAttr(firstTap * ch),
                                          b.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes{b.getIndexAttr(count * ch),
                                        b.getIndexAttr(f)};
        if (grouped) {
          offsets.insert(offsets.begin(), b.getIndexAttr(0));
          sizes.insert(sizes.begin(), b.getIndexAttr(g));
        }
        SmallVector<OpFoldResult> strides(shape.size(), b.getIndexAttr(1));
        matrix = tensor::ExtractSliceOp::create(
            b, loc, RankedTensorType::get(shape, element), matrix, offsets,
            sizes, strides);
      }
    }
    return PackOp::create(b, loc, tiled(shape, element), matrix,
                          /*transpose=*/false);
  }

  /// `x` (`M x G*C`) as `[G, M, C]`, one matrix per group (itself when
  /// there is one group).
  Value splitGroups(Value x, int64_t perGroup) {
    if (c.groups == 1)
      return x;
    auto type = cast<TiledType>(x.getType());
    return SplitHeadsOp::create(
        b, loc, tiled({c.groups, type.getRows(), perGroup},
                      type.getElementType()),
        x);
  }

  /// The inverse of splitGroups.
  Value mergeGroups(Value x) {
    if (c.groups == 1)
      return x;
    auto type = cast<TiledType>(x.getType());
    return MergeHeadsOp::create(
        b, loc,
        tiled({type.getRows(), c.groups * type.getCols()},
              type.getElementType()),
        x);
  }

  DenseI64ArrayAttr arr(ArrayRef<int64_t> values) {
    return b.getDenseI64ArrayAttr(values);
  }

  /// The type of a window of `x` with `cols` columns: N*OH*OW rows, the
  /// batch dimensions (groups) of `x`.
  TiledType windowType(Value x, int64_t cols) {
    auto type = cast<TiledType>(x.getType());
    SmallVector<int64_t> shape(type.getBatchShape());
    shape.append({c.window.outputRows(), cols});
    return tiled(shape, type.getElementType());
  }

  /// `systile.window` of tap (i, j) of the packed activation `x`.
  Value tapWindow(Value x, int64_t i, int64_t j) {
    const rt::ConvWindow &w = c.window;
    auto type = windowType(x, c.channels);
    return WindowOp::create(b, loc, type, x, arr({i, j}), arr(imageOf(w)),
                            arr({w.kernelH, w.kernelW}),
                            arr({w.strideH, w.strideW}),
                            arr({w.dilationH, w.dilationW}), arr(paddingOf(w)),
                            padValueAttr());
  }

  /// `systile.im2col` of the packed activation `x`.
  Value im2colOf(Value x) {
    const rt::ConvWindow &w = c.window;
    auto type = windowType(x, w.taps() * c.channels);
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

  /// `v` with its dimensions [pair, pair + 1] merged (itself when pair <
  /// 0).
  Value merged(Value v, int64_t pair) {
    if (pair < 0)
      return v;
    SmallVector<ReassociationIndices> groups;
    mergedShape(cast<RankedTensorType>(v.getType()).getShape(), pair, &groups);
    return collapse(v, groups);
  }

  /// The lowered value of the op's result, from the tiled `N*OH*OW x F`
  /// result matrix.
  Value result(Value matrix) {
    auto type = cast<RankedTensorType>(c.output.getType());
    const int64_t pair = c.form.outChannelPair;
    if (pair < 0)
      return unpackImage(matrix, type);
    SmallVector<ReassociationIndices> groups;
    auto flatType = RankedTensorType::get(
        mergedShape(type.getShape(), pair, &groups), type.getElementType());
    return tensor::ExpandShapeOp::create(b, loc, type,
                                         unpackImage(matrix, flatType), groups);
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
    return result(acc);
  }

  /// A convolution: per group (one matrix of a batch when there are
  /// groups, split out of the channels), the im2col matrix times the
  /// group's filter, or one window per tap in row-major order.
  Value lower(ConvStrategy strategy) {
    if (c.form.isPooling())
      return lowerPooling();
    const rt::ConvWindow &w = c.window;
    Value image = c.mergeInput ? merged(c.input, c.form.inChannelPair)
                               : c.input;
    Value x = splitGroups(packImage(image), c.channels);
    Value acc = splitGroups(packImage(merged(c.output, c.form.outChannelPair)),
                            c.filters);
    Value ghwcf = filterGHWCF();
    if (strategy == ConvStrategy::Im2col) {
      acc = matmul(im2colOf(x), filterMatrix(ghwcf, 0, w.taps()), acc);
    } else {
      for (int64_t i = 0; i < w.kernelH; ++i)
        for (int64_t j = 0; j < w.kernelW; ++j)
          acc = matmul(tapWindow(x, i, j),
                       filterMatrix(ghwcf, i * w.kernelW + j, 1), acc);
    }
    return result(mergeGroups(acc));
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
