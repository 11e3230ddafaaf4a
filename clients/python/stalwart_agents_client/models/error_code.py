from enum import StrEnum


class ErrorCode(StrEnum):
    FORBIDDEN = "forbidden"
    INTERNAL_ERROR = "internal_error"
    INTERRUPT_STALE = "interrupt_stale"
    INVALID_REQUEST = "invalid_request"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    MODEL_REJECTED = "model_rejected"
    MODEL_UNREACHABLE = "model_unreachable"
    NOT_FOUND = "not_found"
    PAYLOAD_TOO_LARGE = "payload_too_large"
    TOO_MANY_REQUESTS = "too_many_requests"
    UNAUTHORIZED = "unauthorized"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
