from enum import StrEnum

class BuiltinToolName(StrEnum):
    AGENT_CLARIFY = "agent_clarify"
    CODE_EXECUTE = "code_execute"
    DATABASE_QUERY = "database_query"
    DATABASE_WRITE = "database_write"
    HTTP_REQUEST = "http_request"
    SESSION_CACHE_GET = "session_cache_get"
    SESSION_CACHE_LIST = "session_cache_list"
    WEB_SCRAPE = "web_scrape"
    WEB_SEARCH = "web_search"

    def __str__(self) -> str:
        return str(self.value)
