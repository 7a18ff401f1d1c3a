from enum import StrEnum

class PatchAgentBuiltinsType1Item(StrEnum):
    CODE_EXECUTE = "code_execute"
    DATABASE_QUERY = "database_query"
    DATABASE_WRITE = "database_write"
    GENERATE_TEXT = "generate_text"
    HTTP_REQUEST = "http_request"
    MEMORY_FORGET = "memory_forget"
    MEMORY_SAVE = "memory_save"
    MEMORY_SEARCH = "memory_search"
    STORAGE_LIST = "storage_list"
    STORAGE_READ = "storage_read"
    STORAGE_WRITE = "storage_write"
    SUMMARIZE = "summarize"
    WEB_SCRAPE = "web_scrape"
    WEB_SEARCH = "web_search"

    def __str__(self) -> str:
        return str(self.value)
