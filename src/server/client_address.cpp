#include "server/client_address.h"

#include <algorithm>
#include <charconv>

namespace chimera::server {

namespace ip = boost::asio::ip;

namespace {

// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d, as a dual-stack socket reports
// IPv4 peers) are their IPv4 address.
ip::address plain(const ip::address& a) {
    if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
    return a;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

bool Network::contains(const ip::address& raw) const {
    const ip::address a = plain(raw);
    if (a.is_v4() != base.is_v4()) return false;
    auto match = [this](const auto& x, const auto& y) {
        for (int bit = 0; bit < prefix; ++bit) {
            const int byte = bit / 8, mask = 0x80 >> (bit % 8);
            if ((x[byte] & mask) != (y[byte] & mask)) return false;
        }
        return true;
    };
    return a.is_v4() ? match(a.to_v4().to_bytes(), base.to_v4().to_bytes())
                     : match(a.to_v6().to_bytes(), base.to_v6().to_bytes());
}

Status parse_network(std::string_view text, Network& out) {
    const std::string quoted = "\"" + std::string(text) + "\"";
    const auto slash = text.find('/');
    boost::system::error_code ec;
    const ip::address base = ip::make_address(std::string(text.substr(0, slash)), ec);
    if (ec) return Status::error(quoted + " is not an IP address or range (like 10.0.0.0/8)");
    const int bits = base.is_v4() ? 32 : 128;
    int prefix = bits;
    if (slash != std::string_view::npos) {
        const std::string_view p = text.substr(slash + 1);
        const auto [end, err] = std::from_chars(p.data(), p.data() + p.size(), prefix);
        if (p.empty() || err != std::errc() || end != p.data() + p.size() || prefix < 0 ||
            prefix > bits)
            return Status::error(quoted + ": the prefix after '/' must be 0-" +
                                 std::to_string(bits));
    }
    out = Network{plain(base),
                  base.is_v6() && plain(base).is_v4() ? std::max(0, prefix - 96) : prefix};
    return Status::ok();
}

std::string address_key(const ip::address& raw) {
    const ip::address a = plain(raw);
    if (a.is_v4()) return a.to_string();
    ip::address_v6::bytes_type bytes = a.to_v6().to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return ip::address_v6(bytes).to_string() + "/64";
}

bool is_trusted(const std::vector<Network>& proxies, const ip::address& a) {
    return std::any_of(proxies.begin(), proxies.end(),
                       [&](const Network& n) { return n.contains(a); });
}

ip::address client_address(const ip::address& peer, std::string_view forwarded_for,
                           const std::vector<Network>& proxies) {
    ip::address client = plain(peer);
    if (!is_trusted(proxies, client)) return client;
    // From the right: each entry was added by the hop to its right.
    while (!forwarded_for.empty()) {
        const auto comma = forwarded_for.rfind(',');
        const std::string_view entry =
            trim(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
        forwarded_for =
            comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
        boost::system::error_code ec;
        const ip::address a = ip::make_address(std::string(entry), ec);
        if (ec) return client;  // malformed: charged to the hop that passed it on
        client = plain(a);
        if (!is_trusted(proxies, client)) return client;
    }
    return client;
}

}  // namespace chimera::server
