from enum import StrEnum

class BuiltinCatalogEntryName(StrEnum):
    AGENT_CLARIFY = "agent_clarify"
    CLASSIFY_DOCUMENT = "classify_document"
    CODE_EXECUTE = "code_execute"
    DATABASE_QUERY = "database_query"
    DATABASE_WRITE = "database_write"
    EXTRACT_FROM_DOCUMENT = "extract_from_document"
    FETCH_DRIVE_FILE = "fetch_drive_file"
    GENERATE_TEXT = "generate_text"
    HTTP_REQUEST = "http_request"
    MEMORY_FORGET = "memory_forget"
    MEMORY_SAVE = "memory_save"
    MEMORY_SEARCH = "memory_search"
    SEND_EMAIL = "send_email"
    SESSION_CACHE_GET = "session_cache_get"
    SESSION_CACHE_LIST = "session_cache_list"
    STORAGE_LIST = "storage_list"
    STORAGE_READ = "storage_read"
    STORAGE_WRITE = "storage_write"
    SUMMARIZE = "summarize"
    WEB_SCRAPE = "web_scrape"
    WEB_SEARCH = "web_search"

    def __str__(self) -> str:
        return str(self.value)
