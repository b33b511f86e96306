// CheckIsJobDatabase: a new, empty or symmbench file passes; another program's SQLite database
// and a file that is not SQLite are refused, and left byte for byte as they were (no WAL switch,
// no tables added, no -wal or -shm file made).
#include "server/storage/db_identity.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/storage/job_db.h"

namespace symmbench {
namespace {

std::string Bytes(const std::string& path) {
  std::ostringstream text;
  text << std::ifstream(path, std::ios::binary).rdbuf();
  return text.str();
}

class DbIdentityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  // `sql` run in a new SQLite file at `path` (rollback journal, as most programs keep).
  static void MakeSqlite(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    sqlite3_close(db);
  }

  std::filesystem::path dir_;
};

TEST_F(DbIdentityTest, NewEmptyAndJobDatabasesPass) {
  EXPECT_TRUE(CheckIsJobDatabase(Path("missing.db")).ok());
  EXPECT_FALSE(std::filesystem::exists(Path("missing.db")));
  std::ofstream(Path("empty.db")).close();
  EXPECT_TRUE(CheckIsJobDatabase(Path("empty.db")).ok());
  EXPECT_TRUE(CheckIsJobDatabase(":memory:").ok());
  {
    absl::StatusOr<std::unique_ptr<JobDb>> db = JobDb::Open(Path("jobs.db"));
    ASSERT_TRUE(db.ok()) << db.status();
  }
  EXPECT_TRUE(CheckIsJobDatabase(Path("jobs.db")).ok());
}

TEST_F(DbIdentityTest, AnotherProgramsDatabaseIsRefusedUntouched) {
  const std::string path = Path("app.db");
  MakeSqlite(path,
             "CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT);"
             "CREATE TABLE rows(x);"  // a name the job database uses too
             "INSERT INTO users(name) VALUES ('ada');");
  const std::string before = Bytes(path);
  const absl::Status s = CheckIsJobDatabase(path);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(), "--db " + path +
                             " is another program's SQLite database (tables not of symmbench: "
                             "users); symmbenchd left it untouched. Give --db a new file or a "
                             "symmbench job database");
  EXPECT_EQ(Bytes(path), before);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
  EXPECT_FALSE(std::filesystem::exists(path + "-shm"));
  // Only names the job database uses, but no jobs table: not ours either.
  const std::string partial = Path("partial.db");
  MakeSqlite(partial, "CREATE TABLE counters(name, value);");
  EXPECT_NE(CheckIsJobDatabase(partial).message().find("(no jobs table; tables counters)"),
            std::string::npos)
      << CheckIsJobDatabase(partial);
}

TEST_F(DbIdentityTest, AFileThatIsNotSqliteIsRefusedUntouched) {
  const std::string path = Path("notes.txt");
  std::ofstream(path) << std::string(4096, 'x');
  const absl::Status s = CheckIsJobDatabase(path);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(s.message().find("is not an SQLite database"), std::string::npos) << s;
  EXPECT_EQ(Bytes(path), std::string(4096, 'x'));
}

}  // namespace
}  // namespace symmbench
