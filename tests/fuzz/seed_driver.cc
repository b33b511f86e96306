// A test main for a libFuzzer target (LLVMFuzzerTestOneInput), so that the target runs in every
// `bazel test` pass (plain and ASan) without libFuzzer: each readable seed (a .textproto of the
// target's input message) is parsed, serialized and run; then `--mutations` inputs made from the
// seeds by structure-aware mutation (fields set to boundary or random values, cleared, list
// entries added or dropped, strings swapped for ones seen in the seeds) and `--byte-mutations`
// by byte flips of the serialized form. The mutations are deterministic (`--seed`), so a failure
// reproduces; a target that finds a broken invariant aborts, failing the test.
//
//   seed_driver_test --message=symmbench.v1.SubmitJobRequest [--mutations=N]
//                    [--byte-mutations=N] [--seed=S] SEED.textproto...
//
// The coverage-guided run of the same target is tests/fuzz/run.sh (clang's libFuzzer).
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

int RunOne(const std::string& bytes) {
  return LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

// Strings of every seed, the values a mutated string field draws from (with a few odd ones).
void CollectStrings(const Message& message, std::vector<std::string>* out) {
  const Reflection* r = message.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  r->ListFields(message, &fields);
  for (const FieldDescriptor* f : fields) {
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING) {
      if (f->is_repeated()) {
        for (int i = 0; i < r->FieldSize(message, f); ++i) {
          out->push_back(r->GetRepeatedString(message, f, i));
        }
      } else {
        out->push_back(r->GetString(message, f));
      }
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      if (f->is_repeated()) {
        for (int i = 0; i < r->FieldSize(message, f); ++i) {
          CollectStrings(r->GetRepeatedMessage(message, f, i), out);
        }
      } else {
        CollectStrings(r->GetMessage(message, f), out);
      }
    }
  }
}

class Mutator {
 public:
  Mutator(uint64_t seed, std::vector<std::string> strings)
      : rng_(seed), strings_(std::move(strings)) {
    for (const char* s : {"", ":", "rank_error:", "flip_element:99", "\xff\xfe", "auto", "x"}) {
      strings_.emplace_back(s);
    }
  }

  // One change somewhere in `message`: its own field or, one time in two, one of a sub-message.
  void Mutate(Message* message, int depth = 0) {
    const google::protobuf::Descriptor* type = message->GetDescriptor();
    if (type->field_count() == 0) return;
    const FieldDescriptor* f = type->field(Pick(type->field_count()));
    const Reflection* r = message->GetReflection();
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && depth < 4 && Pick(2) == 0) {
      if (f->is_repeated()) {
        Message* sub = r->FieldSize(*message, f) > 0 && Pick(2) == 0
                           ? r->MutableRepeatedMessage(message, f, Pick(r->FieldSize(*message, f)))
                           : r->AddMessage(message, f);
        Mutate(sub, depth + 1);
      } else {
        Mutate(r->MutableMessage(message, f), depth + 1);
      }
      return;
    }
    switch (Pick(6)) {
      case 0:
        r->ClearField(message, f);
        return;
      case 1:
        if (f->is_repeated() && r->FieldSize(*message, f) > 0) {
          r->RemoveLast(message, f);
          return;
        }
        break;
      default:
        break;
    }
    if (f->is_map()) return;  // map entries come from sub-message mutation above
    SetValue(message, f);
  }

 private:
  size_t Pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

  int64_t Integer() {
    static constexpr int64_t kEdges[] = {
        0,       1,         -1,        2,         3,         4,
        7,       1023,      1024,      4096,      65536,     1 << 20,
        1 << 30, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, int64_t{1} << 40};
    if (Pick(3) > 0) return kEdges[Pick(sizeof(kEdges) / sizeof(kEdges[0]))];
    return static_cast<int64_t>(rng_());
  }

  // Sets (or, for a list, appends) a value of f's type.
  void SetValue(Message* m, const FieldDescriptor* f) {
    const Reflection* r = m->GetReflection();
    const bool add = f->is_repeated();
    const int64_t v = Integer();
    switch (f->cpp_type()) {
      case FieldDescriptor::CPPTYPE_INT32:
        add ? r->AddInt32(m, f, static_cast<int32_t>(v))
            : r->SetInt32(m, f, static_cast<int32_t>(v));
        return;
      case FieldDescriptor::CPPTYPE_INT64:
        add ? r->AddInt64(m, f, v) : r->SetInt64(m, f, v);
        return;
      case FieldDescriptor::CPPTYPE_UINT32:
        add ? r->AddUInt32(m, f, static_cast<uint32_t>(v))
            : r->SetUInt32(m, f, static_cast<uint32_t>(v));
        return;
      case FieldDescriptor::CPPTYPE_UINT64:
        add ? r->AddUInt64(m, f, static_cast<uint64_t>(v))
            : r->SetUInt64(m, f, static_cast<uint64_t>(v));
        return;
      case FieldDescriptor::CPPTYPE_DOUBLE:
      case FieldDescriptor::CPPTYPE_FLOAT: {
        static constexpr double kDoubles[] = {0.0, -1.0, 0.5, 1e6, 1e7, 1e300, -0.0};
        const double d = Pick(2) == 0 ? kDoubles[Pick(7)] : static_cast<double>(v) / 3.0;
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_DOUBLE) {
          add ? r->AddDouble(m, f, d) : r->SetDouble(m, f, d);
        } else {
          add ? r->AddFloat(m, f, static_cast<float>(d)) : r->SetFloat(m, f, static_cast<float>(d));
        }
        return;
      }
      case FieldDescriptor::CPPTYPE_BOOL:
        add ? r->AddBool(m, f, (v & 1) != 0) : r->SetBool(m, f, (v & 1) != 0);
        return;
      case FieldDescriptor::CPPTYPE_ENUM:
        add ? r->AddEnumValue(m, f, static_cast<int>(v % 8))
            : r->SetEnumValue(m, f, static_cast<int>(v % 8));
        return;
      case FieldDescriptor::CPPTYPE_STRING: {
        std::string s = strings_[Pick(strings_.size())];
        if (Pick(4) == 0) s += std::to_string(v);
        add ? r->AddString(m, f, s) : r->SetString(m, f, s);
        return;
      }
      case FieldDescriptor::CPPTYPE_MESSAGE:
        if (add) r->AddMessage(m, f);
        return;
    }
  }

  std::mt19937_64 rng_;
  std::vector<std::string> strings_;
};

}  // namespace

int main(int argc, char** argv) {
  std::string type_name;
  long mutations = 2000;
  long byte_mutations = 2000;
  uint64_t seed = 1;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--message=", 0) == 0) {
      type_name = arg.substr(10);
    } else if (arg.rfind("--mutations=", 0) == 0) {
      mutations = std::stol(arg.substr(12));
    } else if (arg.rfind("--byte-mutations=", 0) == 0) {
      byte_mutations = std::stol(arg.substr(17));
    } else if (arg.rfind("--seed=", 0) == 0) {
      seed = std::stoull(arg.substr(7));
    } else {
      paths.push_back(arg);
    }
  }
  const google::protobuf::Descriptor* type =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type_name);
  if (type == nullptr || paths.empty()) {
    std::fprintf(stderr,
                 "usage: %s --message=TYPE (a linked proto message) SEED.textproto...\n"
                 "  --message: \"%s\" is not a message type of this binary\n",
                 argv[0], type_name.c_str());
    return 2;
  }
  const Message* prototype =
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(type);

  std::vector<std::unique_ptr<Message>> seeds;
  std::vector<std::string> strings;
  for (const std::string& path : paths) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::unique_ptr<Message> message(prototype->New());
    if (!in || !google::protobuf::TextFormat::ParseFromString(text.str(), message.get())) {
      std::fprintf(stderr, "seed %s: not a readable %s in text format\n", path.c_str(),
                   type_name.c_str());
      return 1;
    }
    RunOne(message->SerializeAsString());
    CollectStrings(*message, &strings);
    seeds.push_back(std::move(message));
  }

  Mutator mutator(seed, strings);
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull);
  for (long i = 0; i < mutations; ++i) {
    std::unique_ptr<Message> input(seeds[i % seeds.size()]->New());
    input->CopyFrom(*seeds[i % seeds.size()]);
    const int changes = 1 + static_cast<int>(rng() % 4);
    for (int c = 0; c < changes; ++c) mutator.Mutate(input.get());
    RunOne(input->SerializeAsString());
  }
  for (long i = 0; i < byte_mutations; ++i) {
    std::string bytes = seeds[i % seeds.size()]->SerializeAsString();
    if (bytes.empty()) continue;
    const int flips = 1 + static_cast<int>(rng() % 4);
    for (int c = 0; c < flips; ++c)
      bytes[rng() % bytes.size()] ^= static_cast<char>(1 << (rng() % 8));
    if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
    RunOne(bytes);
  }
  std::printf("%zu seeds, %ld structure mutations, %ld byte mutations of %s: no broken invariant\n",
              seeds.size(), mutations, byte_mutations, type_name.c_str());
  return 0;
}
