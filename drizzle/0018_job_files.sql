-- The file an export job made, in parts, forgotten with its job (docs/domain.md, Long actions).
CREATE TABLE "job_files" (
	"job_id" text NOT NULL,
	"part" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "job_files_job_id_part_pk" PRIMARY KEY("job_id","part")
);
--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;