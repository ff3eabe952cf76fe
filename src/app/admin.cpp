// `chimera admin`: the administrator's commands on a server's database —
// with no e-mail, the way a forgotten password is reset, and how an account
// or a bot is disabled (docs/api.md, "Accounts").
#include <iostream>
#include <string>

#include "app/cli.h"
#include "server/accounts.h"
#include "server/storage.h"

namespace chimera::app {

int cmd_admin(const Args& args, std::istream& in, std::ostream& out, std::ostream& err) {
    std::string db;
    Args rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--db") {
            if (i + 1 >= args.size()) return err << "error: --db takes a database\n", kUsageError;
            db = args[++i];
        } else {
            rest.push_back(args[i]);
        }
    }
    if (db.empty() || rest.size() != 2 ||
        (rest[0] != "reset-password" && rest[0] != "disable" && rest[0] != "enable"))
        return err << "error: usage: chimera admin --db <db> reset-password|disable|enable "
                      "<name>\n",
               kUsageError;
    Status st = Status::ok();
    auto storage = server::open_storage(db, &st);
    if (!storage) return err << "error: " << st.message() << '\n', kUsageError;
    const std::string& name = rest[1];
    if (rest[0] == "reset-password") {
        std::string password;
        if (!std::getline(in, password))
            return err << "error: reset-password reads the new password from stdin\n", kUsageError;
        if (!password.empty() && password.back() == '\r') password.pop_back();
        if (Status s = server::AccountService::reset_password(*storage, name, password); !s)
            return err << "error: " << s.message() << '\n', 1;
        out << "The password of " << name << " is reset; its sessions have ended.\n";
        return 0;
    }
    const bool disable = rest[0] == "disable";
    if (Status s = server::AccountService::set_disabled(*storage, name, disable); !s)
        return err << "error: " << s.message() << '\n', 1;
    out << name
        << (disable ? " is disabled: it can no longer log in or play.\n" : " is enabled again.\n");
    return 0;
}

}  // namespace chimera::app
