-- Per-project settings of builtin tools, and the commit markers of database_write.
-- CreateTable
CREATE TABLE "ProjectSetting" (
    "projectId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT,
    "valueEncrypted" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProjectSetting_pkey" PRIMARY KEY ("projectId","key")
);

-- CreateTable
CREATE TABLE "BuiltinWrite" (
    "generationId" TEXT NOT NULL,
    "toolCallId" TEXT NOT NULL,
    "transactionId" TEXT NOT NULL,
    "result" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BuiltinWrite_pkey" PRIMARY KEY ("generationId","toolCallId")
);

-- AddForeignKey
ALTER TABLE "ProjectSetting" ADD CONSTRAINT "ProjectSetting_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
