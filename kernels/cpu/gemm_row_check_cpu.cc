// CheckGemmRows (gemm_row_check_cpu.h).
#include "kernels/cpu/gemm_row_check_cpu.h"

#include <algorithm>
#include <cmath>

#include "kernels/cpu/convert_chunk.h"

namespace symmbench {
namespace {

constexpr double kNonFinite = 1e30;  // GemmRowCheck::worst_ratio where a value was not finite

}  // namespace

double GemmCheckSign(uint64_t seed, int64_t j) {
  // GemmInputValue is an odd multiple of 2^-23, never 0: its sign is a fair coin.
  return GemmInputValue(seed, 0x5167u, j) < 0 ? -1.0 : 1.0;
}

GemmRowCheck CheckGemmRows(DType dtype, const void* c, int64_t row0, int64_t rows, int64_t n,
                           const std::vector<GemmRowTerm>& terms, uint64_t seed, double scale,
                           int operation) {
  std::vector<double> v(n);
  for (int64_t j = 0; j < n; ++j) v[j] = GemmCheckSign(seed, j);
  // w_t = (B_t, scaled by its columns' scales) v, one per term.
  std::vector<std::vector<double>> w(terms.size());
  std::vector<float> line(static_cast<size_t>(std::max<int64_t>(n, 1)));
  for (size_t t = 0; t < terms.size(); ++t) {
    const GemmRowTerm& term = terms[t];
    w[t].assign(term.k, 0.0);
    for (int64_t kk = 0; kk < term.k; ++kk) {
      RoundThroughDType(dtype, line.data(), n, [&](int64_t j) { return term.b(kk, j); });
      double sum = 0.0;
      for (int64_t j = 0; j < n; ++j) {
        double b = line[j];
        if (term.scales != nullptr)
          b *= term.scales->rowwise ? term.scales->b[j] : term.scales->b[0];
        sum += b * v[j];
      }
      w[t][kk] = sum;
    }
  }
  const DType out_dtype = GemmOutputDType(dtype);
  const auto* bytes = static_cast<const char*>(c);
  const size_t out_size = DTypeSize(out_dtype);
  std::vector<float> a_row;
  GemmRowCheck found;
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t row = row0 + i;
    LoadChunkAsFloat(out_dtype, bytes + i * n * out_size, line.data(), n);
    double got = 0.0, norm2 = 0.0;
    for (int64_t j = 0; j < n; ++j) {
      got += line[j] * v[j];
      norm2 += static_cast<double>(line[j]) * line[j];
    }
    double want = 0.0;
    for (size_t t = 0; t < terms.size(); ++t) {
      const GemmRowTerm& term = terms[t];
      a_row.resize(term.k);
      RoundThroughDType(dtype, a_row.data(), term.k, [&](int64_t kk) { return term.a(row, kk); });
      double sum = 0.0;
      for (int64_t kk = 0; kk < term.k; ++kk) sum += a_row[kk] * w[t][kk];
      if (term.scales != nullptr)
        sum *= term.scales->rowwise ? term.scales->a[row] : term.scales->a[0];
      want += sum;
    }
    const double bound = scale * std::sqrt(norm2);
    const double diff = std::fabs(got - want);
    const bool finite = std::isfinite(got) && std::isfinite(want) && std::isfinite(norm2);
    const double ratio = !finite     ? kNonFinite
                         : bound > 0 ? diff / bound
                                     : (diff > 0 ? kNonFinite : 0);
    found.worst_ratio = std::max(found.worst_ratio, ratio);
    if (!finite || !(diff <= bound)) {
      if (found.wrong_rows++ == 0) {
        found.operation = operation;
        found.first_row = row;
      }
    }
  }
  return found;
}

}  // namespace symmbench
