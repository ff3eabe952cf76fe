// Who the per-address limits count a request against (server/client_address.h):
// IPv6 by /64, IPv4-mapped addresses as IPv4, and X-Forwarded-For only from a
// trusted proxy, walked from the right so a client cannot pick its own address.
#include <gtest/gtest.h>

#include "server/client_address.h"

namespace chimera::server {
namespace {

namespace ip = boost::asio::ip;

ip::address addr(const char* text) { return ip::make_address(text); }

std::vector<Network> networks(std::initializer_list<const char*> texts) {
    std::vector<Network> out;
    for (const char* t : texts) {
        Network n;
        const Status s = parse_network(t, n);
        EXPECT_TRUE(s.is_ok()) << t << ": " << s.message();
        out.push_back(n);
    }
    return out;
}

TEST(ClientAddress, Ipv6AddressesAreCountedByTheirSlash64) {
    EXPECT_EQ(address_key(addr("2001:db8:1:2:3:4:5:6")), "2001:db8:1:2::/64");
    EXPECT_EQ(address_key(addr("2001:db8:1:2:ffff::1")), address_key(addr("2001:db8:1:2::7")));
    EXPECT_NE(address_key(addr("2001:db8:1:2::1")), address_key(addr("2001:db8:1:3::1")));
    EXPECT_EQ(address_key(addr("::ffff:192.0.2.9")), "192.0.2.9");
    EXPECT_EQ(address_key(addr("192.0.2.9")), "192.0.2.9");
}

TEST(ClientAddress, RangesParseAndMatchByPrefix) {
    const auto nets = networks({"10.0.0.0/8", "192.0.2.7", "2001:db8::/32"});
    EXPECT_TRUE(is_trusted(nets, addr("10.200.3.4")));
    EXPECT_FALSE(is_trusted(nets, addr("11.0.0.1")));
    EXPECT_TRUE(is_trusted(nets, addr("192.0.2.7")));
    EXPECT_FALSE(is_trusted(nets, addr("192.0.2.8")));
    EXPECT_TRUE(is_trusted(nets, addr("::ffff:10.1.1.1"))) << "a mapped IPv4 peer";
    EXPECT_TRUE(is_trusted(nets, addr("2001:db8:ffff::1")));
    EXPECT_FALSE(is_trusted(nets, addr("2001:db9::1")));
    for (const char* bad : {"", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/x", "2001:db8::/129",
                            "example.com", "10.0.0.0/8/8"}) {
        Network n;
        const Status s = parse_network(bad, n);
        EXPECT_FALSE(s.is_ok()) << bad;
        EXPECT_NE(s.message().find(std::string("\"") + bad + "\""), std::string::npos)
            << s.message();
    }
}

TEST(ClientAddress, ForwardedForCountsOnlyFromATrustedProxy) {
    const auto proxies = networks({"10.0.0.1", "10.0.0.2"});
    // Not a proxy: whatever it claims, it is itself.
    EXPECT_EQ(client_address(addr("198.51.100.4"), "203.0.113.9", proxies), addr("198.51.100.4"));
    // A proxy names its client.
    EXPECT_EQ(client_address(addr("10.0.0.1"), "203.0.113.9", proxies), addr("203.0.113.9"));
    // Entries the client wrote itself (left of the one the proxy added) are ignored.
    EXPECT_EQ(client_address(addr("10.0.0.1"), "1.2.3.4, 203.0.113.9", proxies),
              addr("203.0.113.9"));
    // Through two trusted hops.
    EXPECT_EQ(client_address(addr("10.0.0.1"), "1.2.3.4, 203.0.113.9,10.0.0.2", proxies),
              addr("203.0.113.9"));
    // Nothing forwarded, or garbage: the proxy (or the last hop that vouched) is charged.
    EXPECT_EQ(client_address(addr("10.0.0.1"), "", proxies), addr("10.0.0.1"));
    EXPECT_EQ(client_address(addr("10.0.0.1"), "203.0.113.9, not-an-ip", proxies),
              addr("10.0.0.1"));
    EXPECT_EQ(client_address(addr("10.0.0.1"), "not-an-ip, 10.0.0.2", proxies), addr("10.0.0.2"));
    EXPECT_EQ(client_address(addr("10.0.0.1"), " 2001:db8::5 ", proxies), addr("2001:db8::5"));
}

}  // namespace
}  // namespace chimera::server
