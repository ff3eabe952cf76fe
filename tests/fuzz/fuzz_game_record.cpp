// libFuzzer: game records (the PGN-like text of `chimera match --pgn`, `replay`,
// `tune` and the server's import) on arbitrary bytes. A rejected text explains
// itself on one printable line; an accepted record writes back to text that
// reads as the same record, and replaying it either succeeds or says why not.
#include "fuzz_all_variants.h"
#include "game/record.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    chimera::fuzz::warm_up_all_variants();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace chimera;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Status st = Status::ok();
    const std::vector<game::Record> records = game::parse_records(text, &st);
    if (!st) {
        FUZZ_CHECK(fuzz::printable_line(st.message()), st.message());
        return 0;
    }
    for (const game::Record& r : records) {
        const std::string written = game::write_record(r);
        Status again = Status::ok();
        const std::vector<game::Record> back = game::parse_records(written, &again);
        FUZZ_CHECK(again.is_ok(), written + "\n-- does not read back: " + again.message());
        FUZZ_CHECK(back.size() == 1,
                   written + "\n-- reads back as " + std::to_string(back.size()) + " records");
        FUZZ_CHECK(back[0].tags == r.tags, written + "\n-- tags differ after reading back");
        FUZZ_CHECK(back[0].moves == r.moves, written + "\n-- moves differ after reading back");
        FUZZ_CHECK(back[0].result == r.result, written + "\n-- result differs after reading back");
        FUZZ_CHECK(back[0].comments == r.comments,
                   written + "\n-- comments differ after reading back");

        std::string final_fen;
        std::vector<std::string> lan;
        const Status s = game::replay(r, &final_fen, &lan);
        if (!s) {
            FUZZ_CHECK(fuzz::printable_line(s.message()), s.message());
        } else {
            FUZZ_CHECK(lan.size() == r.moves.size(),
                       written + "\n-- replay gave a different number of moves");
            FUZZ_CHECK(!final_fen.empty(), written + "\n-- replay gave no final position");
        }
    }
    return 0;
}
