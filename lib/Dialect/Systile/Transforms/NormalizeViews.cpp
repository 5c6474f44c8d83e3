//===- NormalizeViews.cpp - one canonical chain per dense relayout --------===//
//
// systile-normalize-views: a dense-tensor pass that runs before the
// contractions are lowered. Frontends reach a tensor through long chains of
// tensor.expand_shape, tensor.collapse_shape, linalg.transpose and
// tensor.extract_slice (torch's `_native_multi_head_attention` splits its
// fused qkv projection with nine such ops per head tensor, sequence-first),
// and they permute leading dimensions around row-wise computations (a
// sequence-first attention transposes [B,S,E] <-> [S,B,E] around its
// projections). The pass
//
//   * computes what a chain of those ops reads from its source as a
//     strided view (each result dimension a list of (size, stride) atoms,
//     the layout algebra of CuTe and XLA's layouts) and re-emits it as one
//     canonical chain: extract_slice, expand_shape, a transpose that keeps
//     the leading atoms in source order, collapse_shape, then a transpose
//     of leading dimensions only and a last collapse_shape;
//   * sinks a transpose of leading dimensions (the last dimension fixed)
//     below the row-wise computations that read it: element-wise generics,
//     batch matmuls and matmuls whose rhs is one weight for every row, and
//     a collapse of leading dimensions below element-wise generics, so
//     that the permutation meets its inverse and both fold away.
//
// Every rewrite computes each element from the same elements by the same
// scalar ops in the same order, so no bit changes.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <numeric>

namespace systile {
#define GEN_PASS_DEF_SYSTILENORMALIZEVIEWS
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// A static tensor type with no empty dimension and at most 2^40 elements
/// (so every stride and offset of a view fits in an int64_t).
bool isViewable(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape())
    return false;
  int64_t n = 1;
  for (int64_t d : t.getShape())
    if (d < 1 || __builtin_mul_overflow(n, d, &n) || n > (int64_t{1} << 40))
      return false;
  return true;
}

bool isViewOp(Operation *op) {
  if (!op || op->getNumResults() != 1 || op->getNumOperands() < 1 ||
      !isViewable(op->getResult(0).getType()) ||
      !isViewable(op->getOperand(0).getType()))
    return false;
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return true;
  if (auto t = dyn_cast<linalg::TransposeOp>(op))
    return t.getInput() == op->getOperand(0);
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
    return slice.getType().getRank() == slice.getSourceType().getRank() &&
           slice.hasUnitStride() && slice.getOffsets().empty() &&
           slice.getSizes().empty();
  return false;
}

/// One run of elements of a view dimension: `size` indices `stride`
/// source elements apart.
struct Atom {
  int64_t size, stride;
  bool operator==(const Atom &o) const {
    return size == o.size && stride == o.stride;
  }
};

/// What a chain of view ops reads from its source (row-major, static):
/// element (i0, .., in) of the result is source element `base + sum over
/// dims d, atoms a of d: digit(d, a) * a.stride`, where dimension d's index
/// is the mixed-radix number of its atoms' digits (major first).
struct View {
  SmallVector<int64_t> sourceShape;
  int64_t base = 0;
  SmallVector<SmallVector<Atom, 2>> dims;

  static View of(ArrayRef<int64_t> shape) {
    View v;
    v.sourceShape.assign(shape.begin(), shape.end());
    int64_t stride = 1;
    v.dims.resize(shape.size());
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      v.dims[d].push_back({shape[d], stride});
      stride *= shape[d];
    }
    v.normalize();
    return v;
  }

  /// Drops unit atoms and merges atoms that are one run.
  void normalize() {
    for (auto &atoms : dims) {
      SmallVector<Atom, 2> out;
      for (Atom a : atoms) {
        if (a.size == 1)
          continue;
        if (!out.empty() && out.back().stride == a.size * a.stride) {
          out.back() = {out.back().size * a.size, a.stride};
          continue;
        }
        out.push_back(a);
      }
      atoms = std::move(out);
    }
  }

  void transpose(ArrayRef<int64_t> perm) {
    SmallVector<SmallVector<Atom, 2>> out;
    for (int64_t p : perm)
      out.push_back(dims[p]);
    dims = std::move(out);
  }

  void collapse(ArrayRef<ReassociationIndices> groups) {
    SmallVector<SmallVector<Atom, 2>> out;
    for (const ReassociationIndices &g : groups) {
      SmallVector<Atom, 2> atoms;
      for (int64_t d : g)
        atoms.append(dims[d]);
      out.push_back(std::move(atoms));
    }
    dims = std::move(out);
    normalize();
  }

  /// Splits each dimension into its group's sizes; false when a size does
  /// not fall on an atom boundary (a div/mod a view cannot express).
  bool expand(ArrayRef<ReassociationIndices> groups,
              ArrayRef<int64_t> resultShape) {
    SmallVector<SmallVector<Atom, 2>> out(resultShape.size());
    for (auto [d, g] : llvm::enumerate(groups)) {
      SmallVector<Atom, 2> atoms(dims[d].begin(), dims[d].end());
      size_t next = 0;
      for (int64_t r : g) {
        int64_t need = resultShape[r];
        while (need > 1) {
          if (next >= atoms.size())
            return false;
          Atom &a = atoms[next];
          if (a.size <= need) {
            if (need % a.size)
              return false;
            out[r].push_back(a);
            need /= a.size;
            ++next;
          } else {
            if (a.size % need)
              return false;
            out[r].push_back({need, a.stride * (a.size / need)});
            a.size /= need;
            need = 1;
          }
        }
      }
      if (next != atoms.size())
        return false;
    }
    dims = std::move(out);
    normalize();
    return true;
  }

  bool slice(ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
             ArrayRef<int64_t> shape) {
    for (size_t d = 0; d < dims.size(); ++d) {
      if (offsets[d] < 0 || sizes[d] < 1 || offsets[d] > shape[d] - sizes[d])
        return false; // Out of bounds: invalid IR the verifier let through.
      if (offsets[d] == 0 && sizes[d] == shape[d])
        continue;
      if (dims[d].size() != 1)
        return false; // An offset into a mixed-radix dimension.
      base += offsets[d] * dims[d][0].stride;
      dims[d][0].size = sizes[d];
    }
    normalize();
    return true;
  }

  bool apply(Operation *op) {
    if (auto t = dyn_cast<linalg::TransposeOp>(op)) {
      transpose(t.getPermutation());
      return true;
    }
    if (auto c = dyn_cast<tensor::CollapseShapeOp>(op)) {
      collapse(c.getReassociationIndices());
      return true;
    }
    if (auto e = dyn_cast<tensor::ExpandShapeOp>(op))
      return expand(e.getReassociationIndices(), e.getResultType().getShape());
    auto s = cast<tensor::ExtractSliceOp>(op);
    return slice(s.getStaticOffsets(), s.getStaticSizes(),
                 s.getSourceType().getShape());
  }
};

/// One step of a canonical chain.
struct Step {
  enum Kind { Slice, Expand, Transpose, Collapse } kind;
  SmallVector<int64_t> a, b;                 // offsets/sizes, perm, shape
  SmallVector<ReassociationIndices> groups;  // expand/collapse
};

/// The canonical chain that reads `view` from its source, or nullopt when
/// the view is not a slice, split and permutation of the source.
std::optional<SmallVector<Step>> canonicalChain(const View &view,
                                                ArrayRef<int64_t> resultShape) {
  const int64_t rank = view.sourceShape.size();
  SmallVector<int64_t> strides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * view.sourceShape[d + 1];
  // Each atom: its result dimension, its source dimension and its stride
  // inside that dimension.
  struct Placed {
    int64_t resultDim, sourceDim, inner, size;
  };
  SmallVector<Placed> atoms;
  for (auto [r, list] : llvm::enumerate(view.dims))
    for (Atom a : list) {
      int64_t k = 0;
      // Unit source dimensions hold no atom (their stride repeats the
      // next one's).
      while (k < rank && (a.stride < strides[k] || view.sourceShape[k] == 1))
        ++k;
      if (k == rank || a.stride % strides[k])
        return std::nullopt;
      atoms.push_back({static_cast<int64_t>(r), k, a.stride / strides[k],
                       a.size});
    }
  // Per source dimension: its atoms, major first, must be one mixed-radix
  // number (a slice of the dimension), at the base's offset.
  SmallVector<int64_t> offsets(rank), sizes(rank, 1);
  int64_t rest = view.base;
  for (int64_t k = 0; k < rank; ++k) {
    if (view.sourceShape[k] == 1)
      continue;
    offsets[k] = rest / strides[k];
    rest %= strides[k];
  }
  SmallVector<SmallVector<int64_t>> bySource(rank); // indices into atoms
  for (auto [i, p] : llvm::enumerate(atoms))
    bySource[p.sourceDim].push_back(i);
  for (int64_t k = 0; k < rank; ++k) {
    auto &list = bySource[k];
    llvm::sort(list, [&](int64_t x, int64_t y) {
      return atoms[x].inner > atoms[y].inner;
    });
    int64_t expect = 1;
    for (auto it = list.rbegin(); it != list.rend(); ++it) {
      if (atoms[*it].inner != expect)
        return std::nullopt;
      expect *= atoms[*it].size;
    }
    sizes[k] = expect;
    if (offsets[k] + sizes[k] > view.sourceShape[k])
      return std::nullopt;
  }
  SmallVector<Step> chain;
  // Expand each source dimension into its atoms (a unit dimension for a
  // dimension without atoms); `position` is each atom's place.
  SmallVector<int64_t> expanded;
  SmallVector<ReassociationIndices> expandGroups;
  SmallVector<int64_t> position(atoms.size(), -1);
  SmallVector<int64_t> unitOf(rank, -1);
  for (int64_t k = 0; k < rank; ++k) {
    ReassociationIndices g;
    if (bySource[k].empty()) {
      unitOf[k] = expanded.size();
      g.push_back(expanded.size());
      expanded.push_back(1);
    }
    for (int64_t i : bySource[k]) {
      position[i] = expanded.size();
      g.push_back(expanded.size());
      expanded.push_back(atoms[i].size);
    }
    expandGroups.push_back(std::move(g));
  }
  auto sliced = [&](int64_t k) {
    return offsets[k] != 0 || sizes[k] != view.sourceShape[k];
  };
  bool leadingSliced = false;
  for (int64_t k = 0; k + 1 < rank; ++k)
    leadingSliced |= sliced(k);
  if (!leadingSliced && sliced(rank - 1)) {
    // Only the last dimension is sliced: the rows are split first and the
    // lanes after the slice, so the slice is one of the lanes of the
    // row-split value (as frontends write a fused qkv split).
    const int64_t prefix = expandGroups.back().front();
    SmallVector<int64_t> shape1(expanded.begin(), expanded.begin() + prefix);
    SmallVector<ReassociationIndices> groups1(expandGroups.begin(),
                                              expandGroups.end() - 1);
    groups1.push_back({prefix});
    shape1.push_back(view.sourceShape[rank - 1]);
    if (shape1.size() != static_cast<size_t>(rank))
      chain.push_back({Step::Expand, {}, shape1, groups1});
    SmallVector<int64_t> offsets1(shape1.size(), 0), sizes1(shape1);
    offsets1.back() = offsets[rank - 1];
    sizes1.back() = sizes[rank - 1];
    chain.push_back({Step::Slice, offsets1, sizes1, {}});
    if (expanded.size() != shape1.size()) {
      SmallVector<ReassociationIndices> groups2;
      for (int64_t i = 0; i < prefix; ++i)
        groups2.push_back({i});
      ReassociationIndices lanes;
      for (int64_t i = prefix; i < static_cast<int64_t>(expanded.size()); ++i)
        lanes.push_back(i);
      groups2.push_back(std::move(lanes));
      chain.push_back({Step::Expand, {}, expanded, groups2});
    }
  } else {
    if (llvm::any_of(offsets, [](int64_t o) { return o != 0; }) ||
        ArrayRef<int64_t>(sizes) != ArrayRef<int64_t>(view.sourceShape))
      chain.push_back({Step::Slice, offsets, sizes, {}});
    if (expanded.size() != static_cast<size_t>(rank))
      chain.push_back({Step::Expand, {}, expanded, expandGroups});
  }
  // The atoms of the last result dimension stay last; the others (the
  // leading atoms) keep their source order. Unit dimensions go first.
  const int64_t last = resultShape.size() - 1;
  SmallVector<int64_t> perm, leading;
  for (int64_t k = 0; k < rank; ++k)
    if (unitOf[k] >= 0)
      perm.push_back(unitOf[k]);
  for (int64_t p = 0; p < static_cast<int64_t>(expanded.size()); ++p)
    for (auto [i, a] : llvm::enumerate(atoms))
      if (position[i] == p && a.resultDim != last) {
        perm.push_back(p);
        leading.push_back(i);
      }
  SmallVector<int64_t> lastAtoms;
  for (auto [i, a] : llvm::enumerate(atoms))
    if (a.resultDim == last)
      lastAtoms.push_back(i); // In the view's order (major first).
  for (int64_t i : lastAtoms)
    perm.push_back(position[i]);
  SmallVector<int64_t> permuted;
  for (int64_t p : perm)
    permuted.push_back(expanded[p]);
  if (!llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    chain.push_back({Step::Transpose, perm, permuted, {}});
  // Collapse to [leading atoms..., last dimension]: the unit dimensions
  // join the first group.
  const int64_t units = perm.size() - leading.size() - lastAtoms.size();
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> middle;
  int64_t at = 0;
  for (size_t j = 0; j < leading.size(); ++j) {
    ReassociationIndices g;
    if (j == 0)
      for (; at < units; ++at)
        g.push_back(at);
    g.push_back(at++);
    groups.push_back(std::move(g));
    middle.push_back(atoms[leading[j]].size);
  }
  {
    ReassociationIndices g;
    if (leading.empty())
      for (; at < units; ++at)
        g.push_back(at);
    int64_t size = 1;
    for (; at < static_cast<int64_t>(perm.size()); ++at) {
      g.push_back(at);
      size *= permuted[at];
    }
    if (g.empty())
      return std::nullopt; // A rank-0 or all-unit view: nothing to do.
    groups.push_back(std::move(g));
    middle.push_back(size);
  }
  if (groups.size() != perm.size())
    chain.push_back({Step::Collapse, {}, middle, groups});
  // Then the leading atoms in the result's order, and the result's groups.
  // (`atoms` is in the view's order: result dimension, then major first.)
  SmallVector<int64_t> leadPerm, leadShape, dimOf;
  for (auto [i, a] : llvm::enumerate(atoms)) {
    if (a.resultDim == last)
      continue;
    leadPerm.push_back(llvm::find(leading, static_cast<int64_t>(i)) -
                       leading.begin());
    leadShape.push_back(a.size);
    dimOf.push_back(a.resultDim);
  }
  leadPerm.push_back(leading.size());
  leadShape.push_back(middle.back());
  if (!llvm::equal(leadPerm, llvm::seq<int64_t>(0, leadPerm.size())))
    chain.push_back({Step::Transpose, leadPerm, leadShape, {}});
  // Result dimensions: consecutive leading atoms (unit result dimensions
  // join a neighbour; the reshape ops allow unit dimensions in any group).
  if (leadShape.size() != resultShape.size() ||
      ArrayRef<int64_t>(leadShape) != resultShape) {
    dimOf.push_back(last);
    // Expand (unit result dimensions) then collapse: build one
    // reassociation from leadShape to resultShape when every result
    // dimension has an atom; otherwise go through an expand.
    SmallVector<ReassociationIndices> resultGroups(resultShape.size());
    for (auto [p, r] : llvm::enumerate(dimOf))
      resultGroups[r].push_back(p);
    bool allHave = llvm::all_of(resultGroups,
                                [](auto &g) { return !g.empty(); });
    if (allHave) {
      chain.push_back({Step::Collapse, {}, SmallVector<int64_t>(resultShape),
                       resultGroups});
    } else {
      // Collapse to the result dimensions that have atoms, then expand the
      // unit ones in, each into the group of the last such dimension
      // before it (or the first).
      SmallVector<ReassociationIndices> present;
      SmallVector<int64_t> presentShape, presentDim;
      for (auto [r, g] : llvm::enumerate(resultGroups))
        if (!g.empty()) {
          present.push_back(g);
          presentShape.push_back(resultShape[r]);
          presentDim.push_back(r);
        }
      if (present.size() != leadShape.size())
        chain.push_back({Step::Collapse, {}, presentShape, present});
      SmallVector<ReassociationIndices> expandBack(present.size());
      for (int64_t r = 0; r < static_cast<int64_t>(resultShape.size()); ++r) {
        int64_t q = llvm::count_if(presentDim, [&](int64_t p) { return p <= r; });
        expandBack[std::max<int64_t>(q - 1, 0)].push_back(r);
      }
      chain.push_back({Step::Expand, {}, SmallVector<int64_t>(resultShape),
                       expandBack});
    }
  }
  return chain;
}

/// The chain's existing steps, in the same terms (to tell whether the
/// canonical chain differs).
Step stepOf(Operation *op) {
  if (auto t = dyn_cast<linalg::TransposeOp>(op))
    return {Step::Transpose, SmallVector<int64_t>(t.getPermutation()),
            SmallVector<int64_t>(t.getInit().getType().getShape()), {}};
  if (auto c = dyn_cast<tensor::CollapseShapeOp>(op))
    return {Step::Collapse, {},
            SmallVector<int64_t>(c.getResultType().getShape()),
            c.getReassociationIndices()};
  if (auto e = dyn_cast<tensor::ExpandShapeOp>(op))
    return {Step::Expand, {}, SmallVector<int64_t>(e.getResultType().getShape()),
            e.getReassociationIndices()};
  auto s = cast<tensor::ExtractSliceOp>(op);
  return {Step::Slice, SmallVector<int64_t>(s.getStaticOffsets()),
          SmallVector<int64_t>(s.getStaticSizes()), {}};
}

/// Whether two chains move the same data the same way: the same slices
/// and transposes, at the same shapes. Reshapes between them are free and
/// upstream's canonicalization composes consecutive ones, so they are not
/// compared (comparing them would undo that composition forever).
bool sameMoves(ArrayRef<Step> x, ArrayRef<Step> y) {
  auto moves = [](ArrayRef<Step> steps) {
    SmallVector<const Step *> out;
    for (const Step &s : steps)
      if (s.kind == Step::Slice || s.kind == Step::Transpose)
        out.push_back(&s);
    return out;
  };
  SmallVector<const Step *> a = moves(x), b = moves(y);
  if (a.size() != b.size())
    return false;
  for (auto [p, q] : llvm::zip(a, b))
    if (p->kind != q->kind || p->a != q->a || p->b != q->b)
      return false;
  return true;
}

Value emitStep(PatternRewriter &rewriter, Location loc, Value v,
               const Step &s) {
  auto type = cast<RankedTensorType>(v.getType());
  switch (s.kind) {
  case Step::Slice: {
    SmallVector<OpFoldResult> offsets, sizes,
        strides(s.a.size(), rewriter.getIndexAttr(1));
    for (auto [o, n] : llvm::zip(s.a, s.b)) {
      offsets.push_back(rewriter.getIndexAttr(o));
      sizes.push_back(rewriter.getIndexAttr(n));
    }
    return tensor::ExtractSliceOp::create(rewriter, loc, v, offsets, sizes,
                                          strides);
  }
  case Step::Expand:
    return tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(s.b, type.getElementType()), v,
        s.groups);
  case Step::Collapse:
    return tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get(s.b, type.getElementType()), v,
        s.groups);
  case Step::Transpose: {
    Value init = tensor::EmptyOp::create(rewriter, loc, s.b,
                                         type.getElementType());
    return linalg::TransposeOp::create(rewriter, loc, v, init, s.a)
        ->getResult(0);
  }
  }
  llvm_unreachable("step kind");
}

/// A chain of view ops ending at `op` (whose result some non-view op
/// reads) becomes its canonical chain from the chain's source.
struct CanonicalizeViewChain : public RewritePattern {
  CanonicalizeViewChain(MLIRContext *ctx, PassCounter &counter)
      : RewritePattern(MatchAnyOpTypeTag(), 1, ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isViewOp(op))
      return failure();
    Value result = op->getResult(0);
    if (llvm::all_of(result.getUsers(),
                     [](Operation *u) { return isViewOp(u); }) &&
        !result.use_empty())
      return failure(); // Not the end of a chain.
    SmallVector<Operation *> chain;
    bool anyTranspose = false;
    for (Operation *it = op; isViewOp(it);
         it = it->getOperand(0).getDefiningOp()) {
      chain.push_back(it);
      anyTranspose |= isa<linalg::TransposeOp>(it);
    }
    std::reverse(chain.begin(), chain.end());
    // Only chains that move data (a transpose) are rewritten: plain
    // reshapes and slices are what later passes already read.
    if (!anyTranspose || chain.size() < 2)
      return failure();
    Value source = chain.front()->getOperand(0);
    auto sourceType = cast<RankedTensorType>(source.getType());
    View view = View::of(sourceType.getShape());
    for (Operation *c : chain)
      if (!view.apply(c))
        return failure();
    auto resultType = cast<RankedTensorType>(result.getType());
    if (resultType.getRank() == 0)
      return failure();
    std::optional<SmallVector<Step>> steps =
        canonicalChain(view, resultType.getShape());
    if (!steps)
      return failure();
    SmallVector<Step> existing;
    for (Operation *c : chain)
      existing.push_back(stepOf(c));
    if (sameMoves(*steps, existing))
      return failure();
    Value v = source;
    for (const Step &s : *steps)
      v = emitStep(rewriter, op->getLoc(), v, s);
    if (v.getType() != resultType)
      return failure(); // Not expected: the steps end at the result's shape.
    rewriter.replaceOp(op, v);
    ++counter;
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Leading permutations sink below row-wise computations
//===----------------------------------------------------------------------===//

/// The transpose defining `v` when it keeps the last dimension in place
/// (rows move, each row stays whole).
linalg::TransposeOp leadingTranspose(Value v) {
  auto t = v.getDefiningOp<linalg::TransposeOp>();
  if (!t || t.getPermutation().empty() || !isViewable(t.getInput().getType()) ||
      t.getPermutation().back() !=
          static_cast<int64_t>(t.getPermutation().size()) - 1)
    return nullptr;
  return t;
}

Value transposeOf(PatternRewriter &rewriter, Location loc, Value v,
                  ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  Value init =
      tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(rewriter, loc, v, init, perm)
      ->getResult(0);
}

bool isElementwise(linalg::GenericOp g) {
  if (g.getNumReductionLoops() != 0 || !g.hasPureTensorSemantics())
    return false;
  for (OpOperand &init : g.getDpsInitsMutable())
    if (!g.getMatchingIndexingMap(&init).isIdentity() ||
        g.payloadUsesValueFromOperand(&init))
      return false;
  bool hasIndex = false;
  g.getBody()->walk([&](linalg::IndexOp) { hasIndex = true; });
  return !hasIndex &&
         llvm::all_of(g.getIndexingMapsArray(),
                      [](AffineMap m) { return m.isProjectedPermutation(); });
}

/// generic(transpose_p(x), ..) -> transpose_p(generic'(x, ..)) for an
/// element-wise generic and a transpose of leading dimensions read with
/// the identity map: the generic runs in x's order (every indexing map
/// composed with the permutation) and its results are transposed.
struct SinkTransposeThroughGeneric : public OpRewritePattern<linalg::GenericOp> {
  SinkTransposeThroughGeneric(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(linalg::GenericOp g,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(g))
      return failure();
    linalg::TransposeOp t;
    for (OpOperand *in : g.getDpsInputOperands())
      if (g.getMatchingIndexingMap(in).isIdentity() &&
          (t = leadingTranspose(in->get())))
        break;
    if (!t)
      return failure();
    ArrayRef<int64_t> perm = t.getPermutation();
    const unsigned n = perm.size();
    // Old loop d iterates x's dimension perm[d]: old d = new perm[d].
    SmallVector<AffineExpr> oldInNew;
    for (unsigned d = 0; d < n; ++d)
      oldInNew.push_back(rewriter.getAffineDimExpr(perm[d]));
    AffineMap toOld = AffineMap::get(n, 0, oldInNew, g.getContext());
    SmallVector<AffineMap> maps;
    SmallVector<Value> inputs;
    for (OpOperand *in : g.getDpsInputOperands()) {
      AffineMap m = g.getMatchingIndexingMap(in);
      if (m.isIdentity() && in->get() == t->getResult(0)) {
        inputs.push_back(t.getInput());
        maps.push_back(rewriter.getMultiDimIdentityMap(n));
        continue;
      }
      inputs.push_back(in->get());
      maps.push_back(m.compose(toOld));
    }
    SmallVector<Value> inits;
    SmallVector<Type> types;
    auto xType = cast<RankedTensorType>(t.getInput().getType());
    for (Value init : g.getDpsInits()) {
      auto type = RankedTensorType::get(
          xType.getShape(),
          cast<RankedTensorType>(init.getType()).getElementType());
      inits.push_back(tensor::EmptyOp::create(rewriter, g.getLoc(),
                                              type.getShape(),
                                              type.getElementType()));
      types.push_back(type);
      maps.push_back(rewriter.getMultiDimIdentityMap(n));
    }
    auto sunk = linalg::GenericOp::create(
        rewriter, g.getLoc(), types, inputs, inits, maps,
        g.getIteratorTypesArray());
    rewriter.inlineRegionBefore(g.getRegion(), sunk.getRegion(),
                                sunk.getRegion().end());
    SmallVector<Value> results;
    for (Value r : sunk.getResults())
      results.push_back(transposeOf(rewriter, g.getLoc(), r, perm));
    rewriter.replaceOp(g, results);
    ++counter;
    return success();
  }
};

/// The 2-D weight a value broadcasts along new leading dimensions: a
/// generic that yields its one input, read by a map of the last two loops.
Value broadcastWeight(Value v) {
  auto g = v.getDefiningOp<linalg::GenericOp>();
  if (!g || g.getNumDpsInputs() != 1 || g.getNumDpsInits() != 1 ||
      g.getNumReductionLoops() != 0)
    return nullptr;
  auto yield = cast<linalg::YieldOp>(g.getBody()->getTerminator());
  if (yield.getNumOperands() != 1 ||
      yield.getOperand(0) != g.getBody()->getArgument(0))
    return nullptr;
  AffineMap in = g.getIndexingMapsArray()[0];
  unsigned n = in.getNumDims();
  if (n < 3 || !g.getIndexingMapsArray()[1].isIdentity() ||
      in.getNumResults() != 2 || in.getResult(0) != getAffineDimExpr(n - 2, g.getContext()) ||
      in.getResult(1) != getAffineDimExpr(n - 1, g.getContext()))
    return nullptr;
  return g.getDpsInputs()[0];
}

/// The zero init a contraction accumulates into: a linalg.fill of a zero.
Value zeroFillValue(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill || (!matchPattern(fill.value(), mlir::m_AnyZeroFloat()) &&
                !matchPattern(fill.value(), mlir::m_Zero())))
    return nullptr;
  return fill.value();
}

/// out(r.., n) = sum over k lhs(r.., k) * w(k, n): a contraction with one
/// weight for every row, its body cloned from `bodyOf` (a matmul's).
Value sharedWeightContraction(PatternRewriter &rewriter, Location loc,
                              Value lhs, Value w, Value zero,
                              Operation *bodyOf) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto wType = cast<RankedTensorType>(w.getType());
  const unsigned rows = lhsType.getRank() - 1, n = rows + 2;
  SmallVector<int64_t> shape(lhsType.getShape().drop_back());
  shape.push_back(wType.getDimSize(1));
  Type outElem =
      cast<ShapedType>(bodyOf->getResult(0).getType()).getElementType();
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape, outElem);
  Value init = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineExpr> lhsExprs, outExprs;
  for (unsigned d = 0; d < rows; ++d) {
    lhsExprs.push_back(getAffineDimExpr(d, ctx));
    outExprs.push_back(getAffineDimExpr(d, ctx));
  }
  AffineExpr nDim = getAffineDimExpr(rows, ctx), kDim =
                                                     getAffineDimExpr(rows + 1,
                                                                      ctx);
  lhsExprs.push_back(kDim);
  outExprs.push_back(nDim);
  SmallVector<AffineMap> maps = {AffineMap::get(n, 0, lhsExprs, ctx),
                                 AffineMap::get(n, 0, {kDim, nDim}, ctx),
                                 AffineMap::get(n, 0, outExprs, ctx)};
  SmallVector<utils::IteratorType> iters(n - 1, utils::IteratorType::parallel);
  iters.push_back(utils::IteratorType::reduction);
  auto g = linalg::GenericOp::create(rewriter, loc, init.getType(),
                                     ValueRange{lhs, w}, ValueRange{init},
                                     maps, iters);
  IRMapping mapping;
  Region &from = bodyOf->getRegion(0);
  rewriter.cloneRegionBefore(from, g.getRegion(), g.getRegion().end(),
                             mapping);
  return g.getResult(0);
}

/// linalg.batch_matmul(lhs, broadcast(w)) -> a contraction with one weight
/// for every matrix (the weight is not copied per batch), and
/// batch_matmul(transpose_[1,0,2](x), broadcast(w)) ->
/// transpose_[1,0,2](contraction(x, w)): each row's products and sums are
/// the same, in the same order.
struct SharedWeightBatchMatmul : public OpRewritePattern<linalg::BatchMatmulOp> {
  SharedWeightBatchMatmul(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(linalg::BatchMatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() ||
        !op.getIndexingMapsArray()[0].isProjectedPermutation() ||
        op.hasUserDefinedMaps())
      return failure();
    Value w = broadcastWeight(op.getDpsInputs()[1]);
    Value zero = zeroFillValue(op.getDpsInits()[0]);
    if (!w || !zero || !isViewable(w.getType()) ||
        !isViewable(op.getDpsInputs()[0].getType()))
      return failure();
    Value lhs = op.getDpsInputs()[0];
    linalg::TransposeOp t = leadingTranspose(lhs);
    if (t)
      lhs = t.getInput();
    Value r = sharedWeightContraction(rewriter, op.getLoc(), lhs, w, zero, op);
    if (t)
      r = transposeOf(rewriter, op.getLoc(), r, t.getPermutation());
    rewriter.replaceOp(op, r);
    ++counter;
    return success();
  }
};

/// linalg.matmul(collapse(transpose_p(x)), w), the collapse merging every
/// dimension but the last -> collapse(transpose_p(contraction(x, w))).
struct SinkTransposeThroughMatmul : public OpRewritePattern<linalg::MatmulOp> {
  SinkTransposeThroughMatmul(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(linalg::MatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.hasUserDefinedMaps())
      return failure();
    auto collapse =
        op.getDpsInputs()[0].getDefiningOp<tensor::CollapseShapeOp>();
    Value zero = zeroFillValue(op.getDpsInits()[0]);
    if (!collapse || !zero || !isViewable(op.getDpsInputs()[1].getType()))
      return failure();
    SmallVector<ReassociationIndices> groups =
        collapse.getReassociationIndices();
    if (groups.size() != 2 || groups[1].size() != 1)
      return failure();
    linalg::TransposeOp t = leadingTranspose(collapse.getSrc());
    if (!t)
      return failure();
    Value r = sharedWeightContraction(rewriter, op.getLoc(), t.getInput(),
                                      op.getDpsInputs()[1], zero, op);
    r = transposeOf(rewriter, op.getLoc(), r, t.getPermutation());
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        op, op.getResult(0).getType(), r, groups);
    ++counter;
    return success();
  }
};

/// generic(collapse(x), ..) -> collapse(generic'(x, ..)) for an
/// element-wise 2-D generic whose collapse merges the leading dimensions
/// of x, when its other inputs are collapses of the same form or read
/// along the last dimension only (a bias row; a broadcast generic is read
/// through): the generic runs at x's rank.
struct SinkCollapseThroughGeneric : public OpRewritePattern<linalg::GenericOp> {
  SinkCollapseThroughGeneric(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(linalg::GenericOp g,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(g) || g.getNumLoops() != 2)
      return failure();
    tensor::CollapseShapeOp first;
    for (OpOperand *in : g.getDpsInputOperands()) {
      auto c = in->get().getDefiningOp<tensor::CollapseShapeOp>();
      if (c && g.getMatchingIndexingMap(in).isIdentity() &&
          c.getReassociationIndices().size() == 2 &&
          c.getReassociationIndices()[1].size() == 1 &&
          leadingTranspose(c.getSrc())) {
        first = c;
        break;
      }
    }
    if (!first)
      return failure();
    auto xType = first.getSrcType();
    const unsigned n = xType.getRank();
    MLIRContext *ctx = g.getContext();
    AffineExpr lastDim = getAffineDimExpr(n - 1, ctx);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *in : g.getDpsInputOperands()) {
      AffineMap m = g.getMatchingIndexingMap(in);
      auto c = in->get().getDefiningOp<tensor::CollapseShapeOp>();
      if (m.isIdentity() && c && c.getSrcType() == xType &&
          c.getReassociationIndices() == first.getReassociationIndices()) {
        inputs.push_back(c.getSrc());
        maps.push_back(rewriter.getMultiDimIdentityMap(n));
        continue;
      }
      Value v = in->get();
      if (m.isIdentity()) {
        // A broadcast generic of a row: read its source.
        auto b = v.getDefiningOp<linalg::GenericOp>();
        if (!b || b.getNumDpsInputs() != 1 || !isElementwise(b))
          return failure();
        auto yield = cast<linalg::YieldOp>(b.getBody()->getTerminator());
        if (yield.getOperand(0) != b.getBody()->getArgument(0))
          return failure();
        m = b.getIndexingMapsArray()[0];
        v = b.getDpsInputs()[0];
      }
      // Only the last dimension may index it.
      SmallVector<AffineExpr> exprs;
      for (AffineExpr e : m.getResults()) {
        auto d = dyn_cast<AffineDimExpr>(e);
        if (!d || d.getPosition() != 1)
          return failure();
        exprs.push_back(lastDim);
      }
      inputs.push_back(v);
      maps.push_back(AffineMap::get(n, 0, exprs, ctx));
    }
    SmallVector<Value> inits;
    SmallVector<Type> types;
    for (Value init : g.getDpsInits()) {
      Type elem = cast<RankedTensorType>(init.getType()).getElementType();
      inits.push_back(tensor::EmptyOp::create(rewriter, g.getLoc(),
                                              xType.getShape(), elem));
      types.push_back(RankedTensorType::get(xType.getShape(), elem));
      maps.push_back(rewriter.getMultiDimIdentityMap(n));
    }
    SmallVector<utils::IteratorType> iters(n, utils::IteratorType::parallel);
    auto sunk = linalg::GenericOp::create(rewriter, g.getLoc(), types, inputs,
                                          inits, maps, iters);
    rewriter.inlineRegionBefore(g.getRegion(), sunk.getRegion(),
                                sunk.getRegion().end());
    SmallVector<Value> results;
    for (auto [r, old] : llvm::zip(sunk.getResults(), g.getResults()))
      results.push_back(tensor::CollapseShapeOp::create(
          rewriter, g.getLoc(), old.getType(), r,
          first.getReassociationIndices()));
    rewriter.replaceOp(g, results);
    ++counter;
    return success();
  }
};

/// transpose_q(transpose_p(x)) -> transpose_{p∘q}(x), and an identity
/// transpose -> x.
struct ComposeTransposes : public OpRewritePattern<linalg::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> q = op.getPermutation();
    if (llvm::equal(q, llvm::seq<int64_t>(0, q.size())) &&
        op.getInput().getType() == op.getResult()[0].getType()) {
      rewriter.replaceOp(op, op.getInput());
      return success();
    }
    auto inner = op.getInput().getDefiningOp<linalg::TransposeOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> p = inner.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t i : q)
      composed.push_back(p[i]);
    rewriter.replaceOp(op, transposeOf(rewriter, op.getLoc(),
                                       inner.getInput(), composed));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// A reduction of "equals -inf" is a comparison of the maximum
//===----------------------------------------------------------------------===//

/// Whether `v` is the constant -inf (of any float type).
bool isNegInf(Value v) {
  FloatAttr attr;
  return matchPattern(v, m_Constant(&attr)) && attr.getValue().isInfinity() &&
         attr.getValue().isNegative();
}

/// The float `x` an element-wise generic compares `x == -inf` (through an
/// exact extf), or null.
Value equalsNegInfOf(linalg::GenericOp e) {
  if (!e || e.getNumDpsInputs() != 1 || e.getNumDpsInits() != 1 ||
      !isElementwise(e) || !e.getIndexingMapsArray()[0].isIdentity())
    return nullptr;
  Block *body = e.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto cmp = yield.getOperand(0).getDefiningOp<arith::CmpFOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpFPredicate::OEQ ||
      cmp->getBlock() != body)
    return nullptr;
  Value in = body->getArgument(0);
  auto isIn = [&](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      v = ext.getIn();
    return v == in;
  };
  bool ok = (isIn(cmp.getLhs()) && isNegInf(cmp.getRhs())) ||
            (isIn(cmp.getRhs()) && isNegInf(cmp.getLhs()));
  if (!ok || !isa<FloatType>(in.getType()))
    return nullptr;
  // Nothing else in the body but the comparison and the extension.
  for (Operation &op : body->without_terminator())
    if (&op != cmp.getOperation() && !isa<arith::ExtFOp>(op))
      return nullptr;
  return e.getDpsInputs()[0];
}

/// and-reduce(x == -inf) -> max-reduce(x) == -inf (torch's _safe_softmax:
/// a row of all -inf gives zeros): every element is -inf exactly when the
/// maximum is, and a NaN makes both false (arith.maximumf propagates it).
/// The maximum is a float reduction layout propagation tiles; the i1
/// comparison after it fuses into its consumer.
struct AllNegInfIsMaxNegInf : public OpRewritePattern<linalg::GenericOp> {
  AllNegInfIsMaxNegInf(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(linalg::GenericOp r,
                                PatternRewriter &rewriter) const override {
    if (r.getNumDpsInputs() != 1 || r.getNumDpsInits() != 1 ||
        r.getNumReductionLoops() == 0 || !r.hasPureTensorSemantics())
      return failure();
    Block *body = r.getBody();
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    auto andi = yield.getOperand(0).getDefiningOp<arith::AndIOp>();
    if (!andi || !andi.getType().isInteger(1) ||
        !llvm::is_contained(SmallVector<Value>{andi.getLhs(), andi.getRhs()},
                            body->getArgument(0)) ||
        !llvm::is_contained(SmallVector<Value>{andi.getLhs(), andi.getRhs()},
                            body->getArgument(1)) ||
        !llvm::hasSingleElement(body->without_terminator()))
      return failure();
    auto fill = r.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    if (!fill || !matchPattern(fill.value(), m_One()))
      return failure();
    Value x = equalsNegInfOf(r.getDpsInputs()[0].getDefiningOp<linalg::GenericOp>());
    if (!x)
      return failure();
    Location loc = r.getLoc();
    auto outType = cast<RankedTensorType>(r.getResult(0).getType());
    if (!outType.hasStaticShape())
      return failure();
    Type elem = cast<RankedTensorType>(x.getType()).getElementType();
    auto floatType = cast<FloatType>(elem);
    Value negInf = arith::ConstantOp::create(
        rewriter, loc, FloatAttr::get(floatType,
                                      APFloat::getInf(floatType.getFloatSemantics(),
                                                      /*Negative=*/true)));
    Value empty = tensor::EmptyOp::create(rewriter, loc, outType.getShape(), elem);
    Value init = linalg::FillOp::create(rewriter, loc, negInf, empty).getResult(0);
    auto max = linalg::GenericOp::create(
        rewriter, loc, init.getType(), ValueRange{x}, ValueRange{init},
        r.getIndexingMapsArray(), r.getIteratorTypesArray(),
        [](OpBuilder &b, Location l, ValueRange args) {
          Value m = arith::MaximumFOp::create(b, l, args[0], args[1]);
          linalg::YieldOp::create(b, l, m);
        });
    unsigned rank = outType.getRank();
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    Value emptyBool = tensor::EmptyOp::create(rewriter, loc, outType.getShape(),
                                              rewriter.getI1Type());
    auto cmp = linalg::GenericOp::create(
        rewriter, loc, outType, ValueRange{max.getResult(0)},
        ValueRange{emptyBool}, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value c = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                          args[0], negInf);
          linalg::YieldOp::create(b, l, c);
        });
    rewriter.replaceOp(r, cmp.getResult(0));
    ++counter;
    return success();
  }
};

/// An element-wise i1 comparison of floats, used once, fuses into its
/// element-wise consumer by upstream's fusion (linalg::fuseElementwiseOps),
/// so a mask made of float values (the softmax's all -inf rows) stays a
/// float computation that layout propagation tiles.
struct FuseMaskComparison : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &use : consumer->getOpOperands()) {
      auto producer = use.get().getDefiningOp<linalg::GenericOp>();
      if (!producer || producer->getNumResults() != 1 ||
          !producer->hasOneUse() || !isElementwise(producer) ||
          !getElementTypeOrSelf(producer->getResult(0).getType())
               .isInteger(1) ||
          !llvm::all_of(producer.getDpsInputs(), [](Value v) {
            return isa<FloatType>(getElementTypeOrSelf(v.getType()));
          }) ||
          !linalg::areElementwiseOpsFusable(&use))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, &use);
      if (failed(fused))
        continue;
      // As upstream's pattern does: the consumer's results take the fused
      // op's, and the consumer goes (the producer, now unused, too).
      for (auto [old, replacement] : fused->replacements)
        rewriter.replaceUsesWithIf(old, replacement, [&](OpOperand &u) {
          return u.get().getDefiningOp() != producer;
        });
      rewriter.eraseOp(consumer);
      return success();
    }
    return failure();
  }
};

struct SystileNormalizeViews
    : public systile::impl::SystileNormalizeViewsBase<SystileNormalizeViews> {
  PassCounter numRewrites{"systile-normalize-views", "rewrites",
                          "view chains made canonical and row-wise ops "
                          "moved past a permutation or collapse"};

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    PassCounter &counter = numRewrites;
    RewritePatternSet patterns(ctx);
    patterns.add<CanonicalizeViewChain, SinkTransposeThroughGeneric,
                 SharedWeightBatchMatmul, SinkTransposeThroughMatmul,
                 SinkCollapseThroughGeneric, AllNegInfIsMaxNegInf>(ctx,
                                                                   counter);
    patterns.add<FuseMaskComparison>(ctx);
    patterns.add<ComposeTransposes>(ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, ctx);
    linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.setMaxIterations(32);
    // Each rewrite moves a permutation down or shortens a chain; the bound
    // is a guard against a pair of rewrites undoing each other.
    config.setMaxNumRewrites(20000);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      getOperation()->emitWarning()
          << "systile-normalize-views: the rewrites did not converge";
  }
};

} // namespace
