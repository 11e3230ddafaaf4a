"""The fake model provider on loopback, for the provider tests."""

from tests.fake_provider import FakeProvider, _server, provider_server

__all__ = ["FakeProvider", "_server", "provider_server"]
