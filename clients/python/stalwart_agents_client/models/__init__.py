"""Contains all the data models used in inputs/outputs"""

from .argument import Argument
from .argument_type import ArgumentType
from .ask_interrupt import AskInterrupt
from .ask_interrupt_choices_item import AskInterruptChoicesItem
from .ask_resume import AskResume
from .ask_resume_decision import AskResumeDecision
from .capability import Capability
from .channel import Channel
from .config import Config
from .confirm_interrupt import ConfirmInterrupt
from .confirm_interrupt_choices_item import ConfirmInterruptChoicesItem
from .confirm_resume import ConfirmResume
from .confirm_resume_correction import ConfirmResumeCorrection
from .confirm_resume_correction_args import ConfirmResumeCorrectionArgs
from .confirm_resume_decision import ConfirmResumeDecision
from .decision import Decision
from .decision_list import DecisionList
from .decision_record import DecisionRecord
from .delegate_interrupt import DelegateInterrupt
from .delegate_interrupt_choices_item import DelegateInterruptChoicesItem
from .delegate_resume import DelegateResume
from .delegate_resume_decision import DelegateResumeDecision
from .error_code import ErrorCode
from .event_type import EventType
from .fact import Fact
from .feedback import Feedback
from .file_list import FileList
from .health import Health
from .interrupt_base import InterruptBase
from .interrupt_list import InterruptList
from .interrupt_notice import InterruptNotice
from .kind import Kind
from .language import Language
from .model_key import ModelKey
from .model_key_request import ModelKeyRequest
from .model_key_saved import ModelKeySaved
from .model_key_saved_kept_in import ModelKeySavedKeptIn
from .model_note import ModelNote
from .model_problem import ModelProblem
from .model_reader import ModelReader
from .not_notified import NotNotified
from .on_unread import OnUnread
from .origin import Origin
from .outcome_unknown_interrupt import OutcomeUnknownInterrupt
from .outcome_unknown_interrupt_choices_item import OutcomeUnknownInterruptChoicesItem
from .outcome_unknown_resume import OutcomeUnknownResume
from .outcome_unknown_resume_decision import OutcomeUnknownResumeDecision
from .pair_request import PairRequest
from .pairing import Pairing
from .phone_code import PhoneCode
from .preview_row import PreviewRow
from .problem import Problem
from .reason import Reason
from .refusal import Refusal
from .reply_event import ReplyEvent
from .reply_file import ReplyFile
from .reply_image import ReplyImage
from .reply_pause import ReplyPause
from .reply_source import ReplySource
from .result_table import ResultTable
from .result_value import ResultValue
from .resume_request import ResumeRequest
from .rollback_report import RollbackReport
from .rollback_request import RollbackRequest
from .saga_stuck_interrupt import SagaStuckInterrupt
from .saga_stuck_interrupt_choices_item import SagaStuckInterruptChoicesItem
from .saga_stuck_resume import SagaStuckResume
from .saga_stuck_resume_decision import SagaStuckResumeDecision
from .saved_file import SavedFile
from .staff import Staff
from .staff_list import StaffList
from .stream_event import StreamEvent
from .stream_event_data import StreamEventData
from .stream_frame import StreamFrame
from .thumb import Thumb
from .turn_reply import TurnReply
from .turn_request import TurnRequest
from .undo_entry import UndoEntry
from .undo_entry_arguments import UndoEntryArguments
from .viewer import Viewer

__all__ = (
    "Argument",
    "ArgumentType",
    "AskInterrupt",
    "AskInterruptChoicesItem",
    "AskResume",
    "AskResumeDecision",
    "Capability",
    "Channel",
    "Config",
    "ConfirmInterrupt",
    "ConfirmInterruptChoicesItem",
    "ConfirmResume",
    "ConfirmResumeCorrection",
    "ConfirmResumeCorrectionArgs",
    "ConfirmResumeDecision",
    "Decision",
    "DecisionList",
    "DecisionRecord",
    "DelegateInterrupt",
    "DelegateInterruptChoicesItem",
    "DelegateResume",
    "DelegateResumeDecision",
    "ErrorCode",
    "EventType",
    "Fact",
    "Feedback",
    "FileList",
    "Health",
    "InterruptBase",
    "InterruptList",
    "InterruptNotice",
    "Kind",
    "Language",
    "ModelKey",
    "ModelKeyRequest",
    "ModelKeySaved",
    "ModelKeySavedKeptIn",
    "ModelNote",
    "ModelProblem",
    "ModelReader",
    "NotNotified",
    "OnUnread",
    "Origin",
    "OutcomeUnknownInterrupt",
    "OutcomeUnknownInterruptChoicesItem",
    "OutcomeUnknownResume",
    "OutcomeUnknownResumeDecision",
    "Pairing",
    "PairRequest",
    "PhoneCode",
    "PreviewRow",
    "Problem",
    "Reason",
    "Refusal",
    "ReplyEvent",
    "ReplyFile",
    "ReplyImage",
    "ReplyPause",
    "ReplySource",
    "ResultTable",
    "ResultValue",
    "ResumeRequest",
    "RollbackReport",
    "RollbackRequest",
    "SagaStuckInterrupt",
    "SagaStuckInterruptChoicesItem",
    "SagaStuckResume",
    "SagaStuckResumeDecision",
    "SavedFile",
    "Staff",
    "StaffList",
    "StreamEvent",
    "StreamEventData",
    "StreamFrame",
    "Thumb",
    "TurnReply",
    "TurnRequest",
    "UndoEntry",
    "UndoEntryArguments",
    "Viewer",
)
